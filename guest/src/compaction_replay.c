// SPDX-License-Identifier: GPL-2.0
/*
 * The bound on the direct compaction of THP faults, replayed with a
 * usemem-style writer: vm.compaction_async_budget_us (a time budget, the
 * 6.12 series) or vm.compaction_fault_scan_kbytes (a cap on the scanners'
 * work, the 7.2 series), whichever the running kernel has.
 *
 * Memory is fragmented first: anonymous memory of a share of free memory
 * is written page by page, then seven of every eight pages are freed and
 * the eighth is mlocked, so most pageblocks hold a few movable pages and
 * no huge page can be had without compaction.  Then one process maps
 * three quarters of free memory plus swap (MAP_PRIVATE | MAP_ANONYMOUS)
 * and writes it sequentially with THP enabled=always and defrag=always:
 * every huge page fault compacts directly (async), and the writer pushes
 * memory out to swap as it goes.  The compaction:mm_compaction_begin/end
 * tracepoints give the time of each direct compaction of the writer, and
 * sched:sched_switch the time it spent off the CPU in each.
 *
 * The harness's replay of seed 004 (make check, make bench-compaction*); the
 * series' own selftests, tools/testing/selftests/mm/compaction_budget.c
 * (6.12) and compaction_bound.c (7.2), check the knob and the counter on
 * any machine.  Built against the tree's selftest helpers (kselftest.h,
 * vm_util, thp_settings).
 *
 * Check mode (the default), what holds on this machine:
 *   - with a small budget (-b, 1000 us) the compact_budget_exceeded counter
 *     rises and mm_compaction_end reports status=budget_exceeded; with a
 *     small cap (-k, 64 kB) compact_bound_fault rises and
 *     mm_compaction_bound (or mm_compaction_end) reports status=bounded.
 *     The distribution of the writer's direct compaction times is printed
 *     (p50, p95, p99, longest on the wall clock and on the CPU), not
 *     asserted: it depends on the machine and, under TCG, on the host;
 *   - with the knob at 0 (no limit) the counter does not move.
 * It skips when not root, without either knob, THP, swap or tracefs, and
 * when the workload did not make the writer compact at all.
 *
 * Bench mode (-B): one run with the settings as they are (defrag from -D,
 * the budget from -b or the cap from -k if given), and one line of
 * key=value results, with the knob as budget_us= or scan_kb=.
 *
 * Fragment mode (-F): fragment memory as a run does, print one line
 * "fragmented ..." and hold the pages until SIGTERM, for a workload of
 * another program (make bench-redis).
 *
 * THP settings and the knob are restored on exit.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../kselftest.h"
#include "replay.h"
#ifdef HAVE_HUGEPAGE_SETTINGS	/* thp_settings, renamed in newer trees */
#include "hugepage_settings.h"
#else
#include "thp_settings.h"
#endif
#include "vm_util.h"

#define TRACING		"/sys/kernel/tracing"
#define CHUNK		(2UL << 20)
#define MAX_STALLS	1048576

enum { V_STALL, V_FAIL, V_SUCCESS, V_BUDGET, V_THP_ALLOC, V_THP_FALLBACK,
	V_MIGRATE, V_PSWPOUT, V_ALLOCSTALL, V_DAEMON_WAKE, V_THP_SWPOUT,
	V_THP_SWPOUT_FALLBACK, V_COLLAPSE, V_COLLAPSE_FAILED, V_BOUND,
	V_DAEMON_HINT, NR_V };

static const char * const vm_names[NR_V] = {
	"compact_stall", "compact_fail", "compact_success",
	"compact_budget_exceeded", "thp_fault_alloc", "thp_fault_fallback",
	"pgmigrate_success", "pswpout", "allocstall", "compact_daemon_wake",
	"thp_swpout", "thp_swpout_fallback",
	"thp_collapse_alloc", "thp_collapse_alloc_failed",
	"compact_bound_fault", "compact_daemon_hint",
};

/*
 * The knob of the running kernel: the 6.12 series' time budget, or the
 * 7.2 series' cap on the scanning work of a fault; what the check mode
 * sets it to, the counter of the faults it stopped, the event and status
 * that report a stop.
 */
struct knob {
	const char *path;
	const char *key;	/* in -B's line */
	const char *what, *unit;
	char opt;		/* its option */
	long max, check;
	int counter;		/* in vm_names */
	const char *event;	/* compaction/EVENT reports a stop */
	const char *status;
};

enum { K_BUDGET, K_CAP, NR_KNOBS };

static const struct knob knobs[NR_KNOBS] = {
	[K_BUDGET] = { "/proc/sys/vm/compaction_async_budget_us", "budget_us",
		       "budget", "us", 'b', 1000000, 1000, V_BUDGET,
		       "mm_compaction_end", "budget_exceeded" },
	[K_CAP] = { "/proc/sys/vm/compaction_fault_scan_kbytes", "scan_kb",
		    "cap", "kB", 'k', 4194304, 64, V_BOUND,
		    "mm_compaction_bound", "bounded" },
};

struct run {
	long vm[NR_V];		/* deltas; -1: the counter does not exist */
	double secs, mbps;
	long stalls, stalls_sync;
	long stopped;		/* mm_compaction_end with the knob's status */
	long bound_events, bound_stopped;	/* mm_compaction_bound */
	long bound_over_max;	/* its largest work - left_before, pages */
	long stall_p50_us, stall_p99_us, stall_max_us, stall_sum_us;
	long oncpu_max_us;	/* longest, minus the time off the CPU */
	long stall_p95_us;
	long step_p50_us, step_p99_us, step_max_us;
};

static long page_size;
static const struct knob *knob;	/* the running kernel's, or NULL */
static char saved_knob[32];
static int thp_saved, tracing, bound_tracing;
static int frag_pct = 60, use_pct = 75;
static long knob_arg[NR_KNOBS] = { -1, -1 };	/* -b, -k; -1: leave as it is */
static long *stall_us;
static const char *trace_copy;	/* -T */
static int madvised;		/* -M: the writer's memory is MADV_HUGEPAGE */

static void trace_switches(void);

static void restore(void)
{
	int fd;

	if (thp_saved)
		thp_restore_settings();
	thp_saved = 0;
	if (saved_knob[0]) {
		fd = open(knob->path, O_WRONLY);
		if (fd >= 0) {
			if (write(fd, saved_knob, strlen(saved_knob)) < 0)
				ksft_print_msg("restoring %s failed\n", knob->path);
			close(fd);
		}
	}
	if (tracing) {
		fd = open(TRACING "/events/compaction/enable", O_WRONLY);
		if (fd >= 0) {
			if (write(fd, "0", 1) < 0)
				ksft_print_msg("disabling compaction events failed\n");
			close(fd);
		}
	}
}

static void on_signal(int sig)
{
	exit(128 + sig);	/* runs restore() */
}

static void put_or_die(const char *path, const char *s)
{
	int err = replay_write_text(path, s);

	if (err)
		ksft_exit_fail_msg("write \"%s\" to %s: %s\n", s, path,
				   strerror(err));
}

static void get(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		ksft_exit_fail_msg("%s: %s\n", path, strerror(errno));
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		ksft_exit_fail_msg("%s: %s\n", path, strerror(errno));
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
}

static long get_knob(void)
{
	char buf[32];

	get(knob->path, buf, sizeof(buf));
	return atol(buf);
}

static void set_knob(long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld", v);
	put_or_die(knob->path, buf);
}

/* The counters of vm_names, see vmstat_read(). */
static void read_vmstat(long *v)
{
	if (vmstat_read(vm_names, NR_V, v))
		ksft_exit_fail_msg("/proc/vmstat: %s\n", strerror(errno));
}

static long read_jiffies(void)
{
	FILE *f = fopen("/proc/timer_list", "r");
	char line[256];
	long j = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "jiffies: %ld", &j) == 1)
			break;
	fclose(f);
	return j;
}

/*
 * A kernel with lockdep (/proc/lockdep) or booted with slub_debug: its
 * migrations cost so much more that a batch of them can outlast a tick.
 */
static int debug_kernel(void)
{
	char line[4096];

	if (!access("/proc/lockdep", F_OK))
		return 1;
	get("/proc/cmdline", line, sizeof(line));
	return !!strstr(line, "slub_debug");
}

/*
 * The scheduler tick in microseconds, from jiffies over half a second,
 * rounded to the nearest CONFIG_HZ choice; the longest one (HZ=100) when
 * jiffies cannot be read.
 */
static long tick_us(void)
{
	static const long hz[] = { 100, 250, 300, 1000 };
	long j0, j1, best = 100;
	double t0, t1, rate;
	int i;

	t0 = monotonic_secs();
	j0 = read_jiffies();
	usleep(500000);
	t1 = monotonic_secs();
	j1 = read_jiffies();
	if (j0 < 0 || j1 <= j0) {
		ksft_print_msg("jiffies not readable: assuming HZ=100\n");
		return 10000;
	}
	rate = (j1 - j0) / (t1 - t0);
	for (i = 0; i < 4; i++)
		if (fabs(rate - hz[i]) < fabs(rate - best))
			best = hz[i];
	return 1000000 / best;
}

/*
 * The usemem writer: map @bytes and write them in order, timing every
 * 2 MiB step.  @arg: shared memory for the results, steps first.
 */
static void usemem(size_t bytes, void *arg)
{
	double *out = arg, t0, t;
	size_t n = bytes / CHUNK, i;
	char *p;

	p = mmap(NULL, bytes + CHUNK, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		ksft_exit_fail_msg("mmap of the memory to write: %s\n", strerror(errno));
	p = (char *)(((unsigned long)p + CHUNK - 1) & ~(CHUNK - 1));
	if (madvised && madvise(p, bytes, MADV_HUGEPAGE))
		ksft_exit_fail_msg("MADV_HUGEPAGE: %s\n", strerror(errno));
	trace_switches();
	t0 = monotonic_secs();
	for (i = 0; i < n; i++) {
		t = monotonic_secs();
		memset(p + i * CHUNK, (int)i | 1, CHUNK);
		out[1 + i] = monotonic_secs() - t;
	}
	out[0] = monotonic_secs() - t0;
}

static void trace_start(void)
{
	if (!tracing)
		return;
	put_or_die(TRACING "/events/compaction/enable", "0");
	put_or_die(TRACING "/buffer_size_kb", "8192");
	put_or_die(TRACING "/trace", "");
	put_or_die(TRACING "/events/compaction/mm_compaction_begin/enable", "1");
	put_or_die(TRACING "/events/compaction/mm_compaction_end/enable", "1");
	if (bound_tracing)
		put_or_die(TRACING "/events/compaction/mm_compaction_bound/enable", "1");
	put_or_die(TRACING "/events/sched/sched_switch/filter", "0");
	if (trace_copy) {
		put_or_die(TRACING "/buffer_size_kb", "65536");
		put_or_die(TRACING "/events/compaction/enable", "1");
	}
}

/*
 * The writer's own context switches (set by the writer, which knows its
 * pid), to tell the time a compaction ran from the time it waited.
 */
static void trace_switches(void)
{
	char filter[64];

	if (!tracing)
		return;
	if (!trace_copy) {
		snprintf(filter, sizeof(filter), "prev_pid == %d || next_pid == %d",
			 getpid(), getpid());
		put_or_die(TRACING "/events/sched/sched_switch/filter", filter);
	}
	put_or_die(TRACING "/events/sched/sched_switch/enable", "1");
}

/* -T: keep the whole trace for a closer look */
static void trace_save(void)
{
	char buf[65536];
	int in, out;
	ssize_t n;

	in = open(TRACING "/trace", O_RDONLY);
	out = open(trace_copy, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (in < 0 || out < 0)
		ksft_exit_fail_msg("-T %s: %s\n", trace_copy, strerror(errno));
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n)
			ksft_exit_fail_msg("-T %s: %s\n", trace_copy,
					   strerror(errno));
	close(in);
	close(out);
}

/* Does this event line report a compaction the knob stopped? */
static int stopped_by_knob(const char *line)
{
	const char *p = strstr(line, "status=");

	return p && !strncmp(p + 7, knob->status, strlen(knob->status));
}

/*
 * A writer's compaction under the cap: "... cap=%lu left_before=%lu
 * work=%lu left=%lu status=%s" (mm_compaction_bound).
 */
static void trace_bound(const char *line, struct run *r)
{
	const char *p = strstr(line, "left_before=");
	unsigned long left, work;

	r->bound_events++;
	if (knob && stopped_by_knob(line))
		r->bound_stopped++;
	if (p && sscanf(p, "left_before=%lu work=%lu", &left, &work) == 2 &&
	    (long)(work - left) > r->bound_over_max)
		r->bound_over_max = work - left;
}

/* The writer's compactions that the knob's own event reports stopped */
static long knob_stops(const struct run *r)
{
	return knob == &knobs[K_CAP] ? r->bound_stopped : r->stopped;
}

/*
 * The writer's compactions, from the begin/end pairs of its pid, in us.
 * Lines: "  comm-PID  [cpu] flags  SEC.USEC: mm_compaction_end: ... ".
 */
static void trace_stop(pid_t writer, struct run *r)
{
	long pid, t, begin = -1, off = 0, out_at = -1, sw;
	char line[512];
	FILE *f;
	char *p;

	r->stalls = 0;
	r->stalls_sync = 0;
	r->stopped = 0;
	r->bound_events = 0;
	r->bound_stopped = 0;
	r->bound_over_max = 0;
	r->stall_p50_us = -1;
	r->stall_p99_us = -1;
	r->stall_max_us = -1;
	r->stall_sum_us = -1;
	r->oncpu_max_us = -1;
	if (!tracing)
		return;
	put_or_die(TRACING "/events/compaction/enable", "0");
	put_or_die(TRACING "/events/sched/sched_switch/enable", "0");
	if (trace_copy)
		trace_save();
	f = fopen(TRACING "/trace", "r");
	if (!f)
		ksft_exit_fail_msg("%s/trace: %s\n", TRACING, strerror(errno));
	r->stall_sum_us = 0;
	r->oncpu_max_us = 0;
	while (fgets(line, sizeof(line), f)) {
		if (strstr(line, "LOST"))
			ksft_print_msg("trace: %s", line);
		if (trace_line(line, &pid, &t))
			continue;
		if (strstr(line, "sched_switch:")) {
			/* the writer leaves or gets the CPU in a compaction */
			p = strstr(line, "prev_pid=");
			sw = p ? atol(p + 9) : -1;
			if (sw == writer && begin >= 0)
				out_at = t;
			p = strstr(line, "next_pid=");
			sw = p ? atol(p + 9) : -1;
			if (sw == writer && out_at >= 0) {
				off += t - out_at;
				out_at = -1;
			}
			continue;
		}
		if (pid != writer)
			continue;
		if (strstr(line, "mm_compaction_bound:")) {
			trace_bound(line, r);
			continue;
		}
		if (strstr(line, "mm_compaction_begin:")) {
			begin = t;
			off = 0;
			out_at = -1;
		} else if (strstr(line, "mm_compaction_end:") && begin >= 0) {
			t -= begin;
			begin = -1;
			if (t - off > r->oncpu_max_us)
				r->oncpu_max_us = t - off;
			if (strstr(line, "mode=sync")) {
				r->stalls_sync++;
				continue;
			}
			if (knob && stopped_by_knob(line))
				r->stopped++;
			if (r->stalls < MAX_STALLS)
				stall_us[r->stalls++] = t;
			r->stall_sum_us += t;
		}
	}
	fclose(f);
	qsort(stall_us, r->stalls, sizeof(long), cmp_long);
	r->stall_p50_us = pct(stall_us, r->stalls, 0.50);
	r->stall_p95_us = pct(stall_us, r->stalls, 0.95);
	r->stall_p99_us = pct(stall_us, r->stalls, 0.99);
	r->stall_max_us = r->stalls ? stall_us[r->stalls - 1] : 0;
}

/* Fragment, write, measure; everything the workload held is freed after. */
static void run_once(struct run *r)
{
	long before[NR_V], after[NR_V], free_kb, swap_kb, *steps, n, i;
	size_t frag_bytes, use_bytes;
	pid_t frag, writer;
	double *out;
	int status;

	sync();
	replay_write_text("/proc/sys/vm/drop_caches", "3");
	free_kb = replay_meminfo_kb("MemFree");
	frag_bytes = (size_t)free_kb * frag_pct / 100 * 1024;
	frag = spawn_child(fragment_pages, frag_bytes, NULL);

	free_kb = replay_meminfo_kb("MemFree");
	swap_kb = replay_meminfo_kb("SwapFree");
	use_bytes = (size_t)(free_kb + swap_kb) * use_pct / 100 * 1024;
	use_bytes &= ~(CHUNK - 1);
	n = use_bytes / CHUNK;
	ksft_print_msg("fragmented %zu MiB (1 page in 8 kept); ",
		       frag_bytes >> 20);
	printf("writing %zu MiB (free %ld MiB + swap %ld MiB)\n",
	       use_bytes >> 20, free_kb >> 10, swap_kb >> 10);

	out = mmap(NULL, (n + 1) * sizeof(double), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (out == MAP_FAILED)
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	read_vmstat(before);
	trace_start();
	writer = spawn_child(usemem, use_bytes, out);
	read_vmstat(after);
	trace_stop(writer, r);
	kill(writer, SIGKILL);
	kill(frag, SIGKILL);
	waitpid(writer, &status, 0);
	waitpid(frag, &status, 0);

	for (i = 0; i < NR_V; i++)
		r->vm[i] = before[i] < 0 ? -1 : after[i] - before[i];
	r->secs = out[0];
	r->mbps = (use_bytes >> 20) / r->secs;
	steps = malloc(n * sizeof(long));
	if (!steps)
		ksft_exit_fail_msg("malloc\n");
	for (i = 0; i < n; i++)
		steps[i] = (long)(out[1 + i] * 1e6);
	qsort(steps, n, sizeof(long), cmp_long);
	r->step_p50_us = pct(steps, n, 0.50);
	r->step_p99_us = pct(steps, n, 0.99);
	r->step_max_us = n ? steps[n - 1] : 0;
	free(steps);
	munmap(out, (n + 1) * sizeof(double));
}

static void print_run(const char *prefix, struct run *r)
{
	int i;

	printf("%s mbps=%.1f secs=%.2f", prefix, r->mbps, r->secs);
	for (i = 0; i < NR_V; i++)
		if (r->vm[i] >= 0)
			printf(" %s=%ld", vm_names[i], r->vm[i]);
	if (r->vm[V_THP_ALLOC] + r->vm[V_THP_FALLBACK] > 0)
		printf(" thp_pct=%.1f", 100.0 * r->vm[V_THP_ALLOC] /
		       (r->vm[V_THP_ALLOC] + r->vm[V_THP_FALLBACK]));
	if (tracing) {
		printf(" stalls=%ld stalls_sync=%ld", r->stalls, r->stalls_sync);
		printf(" stall_p50_us=%ld stall_p99_us=%ld stall_max_us=%ld",
		       r->stall_p50_us, r->stall_p99_us, r->stall_max_us);
		printf(" stall_oncpu_max_us=%ld stall_sum_ms=%.1f",
		       r->oncpu_max_us, r->stall_sum_us / 1e3);
	}
	printf(" step_p50_us=%ld step_p99_us=%ld step_max_us=%ld\n",
	       r->step_p50_us, r->step_p99_us, r->step_max_us);
	fflush(stdout);
}

static const char * const defrag_modes[] = {
	[THP_DEFRAG_ALWAYS] = "always",
	[THP_DEFRAG_DEFER] = "defer",
	[THP_DEFRAG_DEFER_MADVISE] = "defer+madvise",
	[THP_DEFRAG_MADVISE] = "madvise",
	[THP_DEFRAG_NEVER] = "never",
};

static int defrag_mode(const char *defrag)
{
	int i;

	for (i = 0; i < (int)ARRAY_SIZE(defrag_modes); i++)
		if (!strcmp(defrag, defrag_modes[i]))
			return i;
	return -1;
}

static void set_thp(const char *defrag)
{
	struct thp_settings s;

	if (!thp_saved) {
		thp_save_settings();
		thp_saved = 1;
		/* ours again: 7.2's save installs handlers exiting KSFT_FAIL */
		signal(SIGINT, on_signal);
		signal(SIGTERM, on_signal);
	}
	thp_read_settings(&s);
	s.thp_enabled = THP_ALWAYS;
	s.thp_defrag = defrag_mode(defrag);
	s.hugepages[9].enabled = THP_INHERIT;
	thp_push_settings(&s);
}

/* -F: the pages are free again when this process is gone */
static pid_t frag_child;
static void on_fragment_term(int sig)
{
	kill(frag_child, SIGKILL);
	waitpid(frag_child, NULL, 0);
	_exit(0);
}

static void help(const char *prog)
{
	printf("%s [-b BUDGET_US | -k KB] [-f FRAG_PCT] [-u USE_PCT] [-T FILE]\n"
	       "    [-B [-D always|defer|defer+madvise|madvise|never] [-M]] | -F [-f FRAG_PCT]\n"
	       "  -b  vm.compaction_async_budget_us for the small-budget test, or for -B\n"
	       "      (default: test 1000, -B as set)\n"
	       "  -k  vm.compaction_fault_scan_kbytes for the small-cap test, or for -B\n"
	       "      (default: test 64, -B as set); each of -b and -k may be 0 on a\n"
	       "      kernel without its knob\n"
	       "  -f  share of free memory to fragment (default 60)\n"
	       "  -u  share of free memory + swap to write (default 75)\n"
	       "  -B  bench mode: one run, one 'compaction key=value' line\n"
	       "  -D  THP defrag setting of the bench run (default always)\n"
	       "  -M  the writer's memory is madvised (MADV_HUGEPAGE): the faults of\n"
	       "      defrag=madvise, and khugepaged's candidates\n"
	       "  -F  fragment memory, print \"fragmented ...\", hold it until SIGTERM\n"
	       "  -T  trace all compaction events and context switches, copy the trace to FILE\n",
	       prog);
}

/* The knob of the running kernel (the budget first), its value saved */
static const struct knob *find_knob(void)
{
	int i;

	for (i = 0; i < NR_KNOBS; i++)
		if (!access(knobs[i].path, F_OK)) {
			get(knobs[i].path, saved_knob, sizeof(saved_knob));
			return &knobs[i];
		}
	return NULL;
}

int main(int argc, char **argv)
{
	const char *defrag = "always";
	int bench = 0, fragment_only = 0, bad = 0, opt;
	long tick = 0, ticks = 1, limit = 0, i, over = 0, v;
	char what[64], dist[160], end_note[64] = "";
	const char *note = "";	/* the cap's: what its other events said */
	struct run r;

	while ((opt = getopt(argc, argv, "b:k:f:u:BD:FMT:h")) != -1) {
		switch (opt) {
		case 'b':
			knob_arg[K_BUDGET] = atol(optarg);
			break;
		case 'k':
			knob_arg[K_CAP] = atol(optarg);
			break;
		case 'f':
			frag_pct = atoi(optarg);
			break;
		case 'u':
			use_pct = atoi(optarg);
			break;
		case 'B':
			bench = 1;
			break;
		case 'D':
			defrag = optarg;
			break;
		case 'F':
			fragment_only = 1;
			break;
		case 'M':
			madvised = 1;
			break;
		case 'T':
			trace_copy = optarg;
			break;
		case 'h':
			help(argv[0]);
			return 0;
		default:
			help(argv[0]);
			return 2;
		}
	}
	for (i = 0; i < NR_KNOBS; i++)
		bad |= knob_arg[i] < -1 || knob_arg[i] > knobs[i].max;
	if (frag_pct < 0 || frag_pct > 90 || use_pct < 1 || use_pct > 95 ||
	    bad || defrag_mode(defrag) < 0) {
		help(argv[0]);
		return 2;
	}

	page_size = sysconf(_SC_PAGESIZE);
	stall_us = malloc(MAX_STALLS * sizeof(long));
	if (!stall_us)
		ksft_exit_fail_msg("malloc\n");
	atexit(restore);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);

	if (fragment_only) {
		size_t bytes;

		if (geteuid())
			ksft_exit_fail_msg("-F needs root\n");
		sync();
		replay_write_text("/proc/sys/vm/drop_caches", "3");
		bytes = (size_t)replay_meminfo_kb("MemFree") * frag_pct / 100 * 1024;
		/* the child holds the pages until SIGTERM */
		frag_child = spawn_child(fragment_pages, bytes, NULL);
		signal(SIGTERM, on_fragment_term);
		printf("fragmented %zu MiB (1 page in 8 kept), %ld MiB free\n",
		       bytes >> 20, replay_meminfo_kb("MemFree") >> 10);
		fflush(stdout);
		for (;;)
			pause();
	}

	if (!bench) {
		ksft_print_header();
		ksft_set_plan(3);
	}
	if (geteuid())
		ksft_exit_skip("needs root\n");
	if (access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK))
		ksft_exit_skip("no transparent huge pages\n");
	if (replay_meminfo_kb("SwapTotal") <= 0)
		ksft_exit_skip("needs swap (the writer writes beyond memory)\n");
	tracing = !access(TRACING "/events/compaction/mm_compaction_end", F_OK);
	bound_tracing = !access(TRACING "/events/compaction/mm_compaction_bound", F_OK);
	knob = find_knob();
	if (!knob && !bench)
		ksft_exit_skip("no %s nor %s\n", knobs[K_BUDGET].path,
			       knobs[K_CAP].path);
	/* 0 is what a kernel without the knob does: base kernels run so */
	for (i = 0; i < NR_KNOBS; i++)
		if (knob != &knobs[i] && knob_arg[i] > 0)
			ksft_exit_fail_msg("-%c: no %s\n", knobs[i].opt,
					   knobs[i].path);
	if (!tracing)
		ksft_print_msg("no compaction tracepoints: stall times not measured\n");

	if (bench) {
		if (knob && knob_arg[knob - knobs] >= 0)
			set_knob(knob_arg[knob - knobs]);
		set_thp(defrag);
		run_once(&r);
		printf("compaction defrag=%s", defrag);
		if (knob)
			printf(" %s=%ld", knob->key, get_knob());
		if (madvised)
			printf(" madvised=1");
		print_run("", &r);
		return 0;
	}

	v = knob_arg[knob - knobs] < 0 ? knob->check : knob_arg[knob - knobs];
	if (knob == &knobs[K_BUDGET]) {
		tick = tick_us();
		if (debug_kernel()) {
			ticks = 2;
			ksft_print_msg("debug kernel: allowing 2 ticks over the budget\n");
		}
		limit = v + ticks * tick;
	} else {
		note = end_note;
	}
	set_thp("always");

	set_knob(v);
	run_once(&r);
	snprintf(what, sizeof(what), "# %s", knob->what);
	print_run(what, &r);
	snprintf(what, sizeof(what), "%s %ld %s", knob->what, v, knob->unit);
	if (r.vm[V_STALL] <= 0 || (tracing && !r.stalls)) {
		ksft_test_result_skip("%s: the writer never compacted directly\n",
				      what);
		ksft_test_result_skip("%s status\n", knob->event);
	} else {
		ksft_test_result(r.vm[knob->counter] > 0,
				 "%s: %s rose by %ld (%ld compact_stall)\n",
				 what, vm_names[knob->counter],
				 r.vm[knob->counter], r.vm[V_STALL]);
		if (!tracing) {
			ksft_test_result_skip("%s status: no tracepoints\n",
					      knob->event);
		} else {
			/* the cap: mm_compaction_end's status counts too */
			snprintf(end_note, sizeof(end_note),
				 " (mm_compaction_end: %ld)", r.stopped);
			ksft_test_result(knob_stops(&r) > 0 || r.stopped > 0,
					 "%s reported status=%s %ld times%s\n",
					 knob->event, knob->status,
					 knob_stops(&r), note);
			for (i = 0; i < r.stalls; i++)
				over += stall_us[i] > limit;
			snprintf(dist, sizeof(dist),
				 "p50 %ld p95 %ld p99 %ld us; longest %ld us, on the CPU %ld us",
				 r.stall_p50_us, r.stall_p95_us, r.stall_p99_us,
				 r.stall_max_us, r.oncpu_max_us);
			/*
			 * Printed, not asserted: how far a compaction runs past
			 * its budget depends on the machine (a batch of
			 * migrations between two looks at the clock, time off
			 * the CPU), and under TCG on the host's scheduling; how
			 * far past the cap it scans is the selftest's
			 * (compaction_bound) to judge.
			 */
			if (knob == &knobs[K_BUDGET])
				ksft_print_msg("over budget + %ld tick(s) = %ld us: %ld of %ld; %s\n",
					       ticks, limit, over, r.stalls, dist);
			else
				ksft_print_msg("%ld compactions under the cap, work past what was left at most %ld pages; %s\n",
					       r.bound_events, r.bound_over_max, dist);
		}
	}

	set_knob(0);
	run_once(&r);
	print_run("# no limit", &r);
	snprintf(end_note, sizeof(end_note), ", %ld mm_compaction_bound events",
		 r.bound_events);
	if (r.vm[V_STALL] <= 0)
		ksft_test_result_skip("no limit: the writer never compacted directly\n");
	else
		ksft_test_result(r.vm[knob->counter] == 0 && !r.bound_events,
				 "no limit: %s did not move (%ld compact_stall, longest %ld us%s)\n",
				 vm_names[knob->counter], r.vm[V_STALL],
				 r.stall_max_us, note);
	ksft_finished();
}
