/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One line of tracefs's "trace" file, for the replays:
 * "  comm-PID  [cpu] flags  SEC.USEC: event: ...".
 */
#ifndef TRACE_LINE_H
#define TRACE_LINE_H

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/*
 * The task's PID and the time in us of @line; 0, or -1 for a comment or
 * a line of another shape.
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

#endif
