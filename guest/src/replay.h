/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers of the workload replays in guest/src that vm_util.c lacks. */
#ifndef REPLAY_H
#define REPLAY_H

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* CLOCK_MONOTONIC in seconds. */
static inline double monotonic_secs(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * The task's PID and the time in us of a line of tracefs's "trace" file,
 * "  comm-PID  [cpu] flags  SEC.USEC: event: ...": 0, or -1 for a
 * comment or a line of another shape.
 */
static inline int trace_line(const char *line, long *pid, long *t_us)
{
	const char *p;
	long sec, usec;

	if (line[0] == '#')
		return -1;
	p = strstr(line, "] ");
	if (!p || sscanf(p + 2, "%*s %ld.%ld:", &sec, &usec) != 2)
		return -1;
	*t_us = sec * 1000000 + usec;
	p = strchr(line, '[');
	while (p > line && p[-1] == ' ')
		p--;
	while (p > line && p[-1] != '-')
		p--;
	*pid = atol(p);
	return 0;
}

/* qsort()'s comparison of two longs, ascending. */
static inline int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

/* The @q quantile (nearest rank) of the @n sorted values at @v; 0 if none. */
static inline long pct(const long *v, long n, double q)
{
	long i;

	if (!n)
		return 0;
	i = (long)ceil(q * n) - 1;
	return v[i < 0 ? 0 : i];
}

#endif
