/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The latency of the page allocator itself (seed 000 measured
 * __alloc_pages_nodemask()), with the kernel's own tools: kprobe events
 * on entry to and return from the allocator's core function, joined per
 * task by a histogram trigger into a synthetic event, whose histogram
 * holds every allocation's latency in 1 us buckets
 * (Documentation/trace/histogram.rst, "inter-event" section).
 *
 * Counted: the __GFP_MOVABLE allocations of one task (the burst's page
 * cache pages).  The filter keeps allocations that the allocator makes
 * while it runs (slab pages, bios of direct reclaim; never movable) from
 * overwriting the entry time of the one that is in progress: those would
 * be counted from their own entry and the outer one lost.  What is lost
 * all the same (the entry and return hits differ) is reported.
 *
 * Needs CONFIG_KPROBE_EVENTS and CONFIG_HIST_TRIGGERS, and $argN in
 * return probes (6.9 or later).  The return probe may be in flight in
 * up to 256 tasks at once (its maxactive): the writers, kswapd and the
 * burst all allocate.  Everything lives in a tracefs instance
 * of its own, removed with the events by alat_cleanup().
 *
 * Kprobe optimization is off while the events exist (the old value is
 * put back by alat_cleanup()): arming and disarming an optimized probe
 * waits for an RCU-tasks grace period under kprobe_mutex, and on one
 * vCPU busy with eight writers that took minutes for each burst (the
 * burst train under -icount).  An int3 probe costs more per hit, the
 * same for every setting.
 *
 * With alat_why set, the instance also records what happened on the
 * CPUs while an allocation took ALAT_SLOW_NS or more: the synthetic
 * event of each such allocation (its end and length), every context
 * switch, the kernel stack of the measured task at each of its switches
 * out, and hard and soft interrupts.  alat_stop() copies that trace to
 * alat_why; scripts/alat-why.py turns it into where the time went.
 */
#ifndef ALLOC_LATENCY_H
#define ALLOC_LATENCY_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ALAT_TRACING	"/sys/kernel/tracing"
#define ALAT_INST	ALAT_TRACING "/instances/alloc_latency"
#define ALAT_IN		ALAT_INST "/events/kprobes/alat_in"
#define ALAT_OUT	ALAT_INST "/events/kprobes/alat_out"
#define ALAT_LAT	ALAT_INST "/events/synthetic/alat_lat"
#define ALAT_MOVABLE	0x08	/* ___GFP_MOVABLE_BIT 3, 6.12 and 7.2 */
#define ALAT_MAX_BUCKETS 16384	/* the histogram's size= */
#define ALAT_STR(x)	#x
#define ALAT_XSTR(x)	ALAT_STR(x)

struct alat {
	long n;		/* allocations measured */
	long lost;	/* entries without a measured return */
	long dropped;	/* latencies the histogram had no room for */
	long p50, p99, p999, max;	/* ns, lower bound of a 1 us bucket */
};

/* The allocator's core: the function every page allocation goes through. */
static const char * const alat_funcs[] = {
	"__alloc_frozen_pages_noprof",	/* 6.15 and later */
	"__alloc_pages_noprof",		/* 6.10 - 6.14 */
};
static const char *alat_func;
static const char *alat_why;	/* file for the slow allocations' trace */
static int alat_why_on;
#define ALAT_SLOW_NS	1000000
#define ALAT_WHY_KB	"32768"	/* per CPU: about 60 s of a burst's events */
static const char * const alat_why_events[] = {
	"sched/sched_switch", "irq/irq_handler_entry", "irq/irq_handler_exit",
	"irq/softirq_entry", "irq/softirq_exit",
};
static char alat_why_trigger[128];
static char alat_trigger_in[256], alat_trigger_out[256];
#define ALAT_OPTPROBES	"/proc/sys/debug/kprobes-optimization"
static char alat_saved_opt[16];	/* its value before alat_setup(), or "" */

static int alat_write(const char *path, const char *s, int append)
{
	int fd = open(path, O_WRONLY | (append ? O_APPEND : O_TRUNC));
	int ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

#define ALAT_LAT_HIST	"hist:keys=ns.buckets=1000:sort=ns:size=" ALAT_XSTR(ALAT_MAX_BUCKETS)

/*
 * Writes @val ("1" or "0") to the enable file of the slow allocations'
 * event and of every event traced with it; the first error, or 0.
 */
static int alat_why_enable(const char *val)
{
	char buf[300];
	unsigned int i;
	int ret, first = alat_write(ALAT_LAT "/enable", val, 0);

	for (i = 0; i < sizeof(alat_why_events) / sizeof(alat_why_events[0]); i++) {
		snprintf(buf, sizeof(buf), ALAT_INST "/events/%s/enable", alat_why_events[i]);
		ret = alat_write(buf, val, 0);
		if (!first)
			first = ret;
	}
	return first;
}

/* Stops the slow allocations' trace and removes its trigger. */
static void alat_why_stop(void)
{
	char buf[300];

	if (!alat_why_on)
		return;
	alat_write(ALAT_INST "/tracing_on", "0", 0);
	alat_why_enable("0");
	alat_write(ALAT_LAT "/filter", "0", 0);
	snprintf(buf, sizeof(buf), "!%s", alat_why_trigger);
	alat_write(ALAT_INST "/events/sched/sched_switch/trigger", buf, 1);
	alat_why_on = 0;
}

/*
 * Records the slow allocations of @pid and what ran on the CPUs, into
 * the instance's buffer.
 */
static int alat_why_start(int pid)
{
	int ret;

	ret = alat_write(ALAT_INST "/buffer_size_kb", ALAT_WHY_KB, 0);
	if (!ret)
		ret = alat_write(ALAT_INST "/trace", "", 0);
	if (!ret)
		ret = alat_write(ALAT_LAT "/filter", "ns >= " ALAT_XSTR(ALAT_SLOW_NS), 0);
	if (!ret)
		ret = alat_why_enable("1");
	alat_why_on = 1;
	if (!ret) {
		snprintf(alat_why_trigger, sizeof(alat_why_trigger),
			 "stacktrace if prev_pid == %d", pid);
		ret = alat_write(ALAT_INST "/events/sched/sched_switch/trigger",
				 alat_why_trigger, 0);
	}
	if (!ret)
		ret = alat_write(ALAT_INST "/tracing_on", "1", 0);
	if (ret) {
		fprintf(stderr, "alloc latency: cannot trace the slow allocations: %s\n",
			strerror(-ret));
		alat_why_stop();
	}
	return ret;
}

/* Copies the instance's trace to @path, with its overrun count first. */
static int alat_why_copy(const char *path)
{
	char buf[65536];
	FILE *in, *out, *st;
	long overrun = 0, v;
	size_t n;

	st = fopen(ALAT_INST "/per_cpu/cpu0/stats", "r");
	while (st && fgets(buf, sizeof(buf), st))
		if (sscanf(buf, "overrun: %ld", &v) == 1)
			overrun += v;
	if (st)
		fclose(st);
	in = fopen(ALAT_INST "/trace", "r");
	out = fopen(path, "w");
	if (!in || !out) {
		fprintf(stderr, "alloc latency: %s: %s\n", in ? path : "trace", strerror(errno));
		if (in)
			fclose(in);
		if (out)
			fclose(out);
		return -1;
	}
	fprintf(out, "# alat-why slow_ns=%d overrun_cpu0=%ld\n", ALAT_SLOW_NS, overrun);
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, out);
	fclose(in);
	fclose(out);
	alat_write(ALAT_INST "/trace", "", 0);
	return 0;
}

/* Removes what alat_start() set, the referring trigger first. */
static void alat_remove_triggers(void)
{
	char buf[300];

	if (!alat_trigger_out[0])
		return;
	/* appended: an open with O_TRUNC would drop every trigger at once */
	snprintf(buf, sizeof(buf), "!%s", alat_trigger_out);
	alat_write(ALAT_OUT "/trigger", buf, 1);
	snprintf(buf, sizeof(buf), "!%s", alat_trigger_in);
	alat_write(ALAT_IN "/trigger", buf, 1);
	alat_write(ALAT_LAT "/trigger", "!" ALAT_LAT_HIST, 1);
	alat_trigger_out[0] = alat_trigger_in[0] = '\0';
	alat_why_stop();
}

/* Removes what alat_setup() and alat_start() made; errors ignored. */
static void alat_cleanup(void)
{
	alat_remove_triggers();
	if (!alat_func)
		return;
	rmdir(ALAT_INST);
	alat_write(ALAT_TRACING "/synthetic_events", "!alat_lat", 1);
	alat_write(ALAT_TRACING "/kprobe_events", "-:kprobes/alat_out", 1);
	alat_write(ALAT_TRACING "/kprobe_events", "-:kprobes/alat_in", 1);
	alat_func = NULL;
	if (alat_saved_opt[0])
		alat_write(ALAT_OPTPROBES, alat_saved_opt, 0);
	alat_saved_opt[0] = '\0';
}

/*
 * Defines the events and the instance.  0, or -1 with the reason in
 * @why (no kprobe events, no histogram triggers, ...).
 */
static int alat_setup(char *why, size_t len)
{
	char buf[256];
	unsigned int i;
	int ret = -ENOENT, fd;
	ssize_t n;

	if (access(ALAT_TRACING "/kprobe_events", W_OK) ||
	    access(ALAT_TRACING "/synthetic_events", W_OK)) {
		snprintf(why, len, "no kprobe events or synthetic events in tracefs");
		return -1;
	}
	/* without CONFIG_OPTPROBES there is no such file and nothing to do */
	fd = open(ALAT_OPTPROBES, O_RDONLY);
	if (fd >= 0) {
		n = read(fd, alat_saved_opt, sizeof(alat_saved_opt) - 1);
		close(fd);
		alat_saved_opt[n > 0 ? n : 0] = '\0';
		if (n > 0 && alat_write(ALAT_OPTPROBES, "0", 0))
			alat_saved_opt[0] = '\0';
	}
	for (i = 0; i < sizeof(alat_funcs) / sizeof(alat_funcs[0]); i++) {
		snprintf(buf, sizeof(buf), "p:kprobes/alat_in %s gfp=$arg1:x32",
			 alat_funcs[i]);
		ret = alat_write(ALAT_TRACING "/kprobe_events", buf, 1);
		if (!ret)
			break;
	}
	if (ret) {
		snprintf(why, len, "cannot probe the allocator: %s", strerror(-ret));
		return -1;
	}
	alat_func = alat_funcs[i];
	snprintf(buf, sizeof(buf), "r256:kprobes/alat_out %s gfp=$arg1:x32", alat_func);
	ret = alat_write(ALAT_TRACING "/kprobe_events", buf, 1);
	if (!ret)
		ret = alat_write(ALAT_TRACING "/synthetic_events", "alat_lat u64 ns", 1);
	if (!ret && mkdir(ALAT_INST, 0755) && errno != EEXIST)
		ret = -errno;
	if (ret) {
		snprintf(why, len, "return probe with $arg1, synthetic event or instance: %s",
			 strerror(-ret));
		alat_cleanup();
		return -1;
	}
	return 0;
}

/* Starts counting the allocations of @pid. */
static int alat_start(int pid)
{
	int ret;

	snprintf(alat_trigger_in, sizeof(alat_trigger_in),
		 "hist:keys=common_pid:ts0=common_timestamp if common_pid==%d && gfp&%d",
		 pid, ALAT_MOVABLE);
	snprintf(alat_trigger_out, sizeof(alat_trigger_out),
		 "hist:keys=common_pid:ns=common_timestamp-$ts0:onmatch(kprobes.alat_in).trace(alat_lat,$ns) if common_pid==%d && gfp&%d",
		 pid, ALAT_MOVABLE);
	ret = alat_write(ALAT_LAT "/trigger", ALAT_LAT_HIST, 0);
	if (!ret)
		ret = alat_write(ALAT_IN "/trigger", alat_trigger_in, 0);
	if (!ret)
		ret = alat_write(ALAT_OUT "/trigger", alat_trigger_out, 0);
	if (ret)
		fprintf(stderr, "alloc latency: cannot set the triggers: %s\n", strerror(-ret));
	if (!ret && alat_why)
		ret = alat_why_start(pid);
	return ret;
}

/* A latency in us, or -1 when nothing was measured (-1 ns). */
static long alat_us(long ns)
{
	return ns < 0 ? -1 : ns / 1000;
}

/* A histogram's "Hits:" and "Dropped:" totals. */
static void alat_totals(const char *line, long *hits, long *dropped)
{
	sscanf(line, " Hits: %ld", hits);
	sscanf(line, " Dropped: %ld", dropped);
}

/*
 * Reads the histograms into @a and removes the triggers.  The
 * percentiles are the lower bounds of their 1 us buckets.
 */
static int alat_stop(struct alat *a)
{
	static long lo[ALAT_MAX_BUCKETS], cnt[ALAT_MAX_BUCKETS];
	long in_hits = -1, hits = -1, dropped = 0, ignored, sum = 0, v, c;
	long n = 0, i;
	char line[512], *p;
	FILE *f;

	memset(a, 0, sizeof(*a));
	a->p50 = a->p99 = a->p999 = a->max = -1;
	f = fopen(ALAT_IN "/hist", "r");
	while (f && fgets(line, sizeof(line), f))
		alat_totals(line, &in_hits, &ignored);
	if (f)
		fclose(f);
	f = fopen(ALAT_LAT "/hist", "r");
	while (f && fgets(line, sizeof(line), f)) {
		/* { ns: ~ 3000-3999 } hitcount:          7 */
		p = strstr(line, "~ ");
		if (p && n < ALAT_MAX_BUCKETS &&
		    sscanf(p, "~ %ld-%*[0-9] } hitcount: %ld", &v, &c) == 2) {
			lo[n] = v;
			cnt[n++] = c;
			sum += c;
		}
		alat_totals(line, &hits, &dropped);
	}
	if (f)
		fclose(f);
	alat_remove_triggers();	/* the slow allocations' trace too */
	if (alat_why && alat_why_copy(alat_why))
		return -1;
	if (hits < 0 || in_hits < 0 || sum != hits) {
		fprintf(stderr, "alloc latency: cannot read the histograms (hits %ld, entries %ld, bucket sum %ld)\n",
			hits, in_hits, sum);
		return -1;
	}
	a->n = hits;
	/* Hits counts what the histogram kept, Dropped the rest */
	a->lost = in_hits - hits - dropped;
	a->dropped = dropped;
	if (!n)
		return 0;
	/* sorted by the key already (sort=ns); the quantiles by count */
	for (i = 0, v = 0; i < n; i++) {
		long before = v;

		v += cnt[i];
		if (before <= sum / 2 && v > sum / 2)
			a->p50 = lo[i];
		if (before <= sum * 99 / 100 && v > sum * 99 / 100)
			a->p99 = lo[i];
		if (before <= sum * 999 / 1000 && v > sum * 999 / 1000)
			a->p999 = lo[i];
	}
	a->max = lo[n - 1];
	return 0;
}

#endif
