// SPDX-License-Identifier: GPL-2.0
/*
 * vm.compaction_async_budget_us, replayed with a usemem-style writer.
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
 * series' own selftest, tools/testing/selftests/mm/compaction_budget.c,
 * checks the knob and the counter on any machine.  Built against the
 * tree's selftest helpers (kselftest.h, vm_util, thp_settings).
 *
 * Check mode (the default), what holds on this machine:
 *   - with a small budget (-b, 1000 us) the compact_budget_exceeded counter
 *     rises and mm_compaction_end reports status=budget_exceeded; the
 *     distribution of the writer's direct compaction times is printed
 *     (p50, p95, p99, longest on the wall clock and on the CPU), not
 *     asserted: it depends on the machine and, under TCG, on the host;
 *   - with the budget at 0 (no limit) the counter does not move.
 * It skips when not root, without the knob, THP, swap or tracefs, and
 * when the workload did not make the writer compact at all.
 *
 * Bench mode (-B): one run with the settings as they are (defrag from -D,
 * budget from -b if given), and one line of key=value results.
 *
 * Fragment mode (-F): fragment memory as a run does, print one line
 * "fragmented ..." and hold the pages until SIGTERM, for a workload of
 * another program (make bench-redis).
 *
 * THP settings and the budget are restored on exit.
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

#define KNOB		"/proc/sys/vm/compaction_async_budget_us"
#define KNOB_MAX	1000000L
#define TRACING		"/sys/kernel/tracing"
#define CHUNK		(2UL << 20)
#define MAX_STALLS	1048576

enum { V_STALL, V_FAIL, V_SUCCESS, V_BUDGET, V_THP_ALLOC, V_THP_FALLBACK,
	V_MIGRATE, V_PSWPOUT, V_ALLOCSTALL, V_DAEMON_WAKE, V_THP_SWPOUT,
	V_THP_SWPOUT_FALLBACK, V_COLLAPSE, V_COLLAPSE_FAILED, NR_V };

static const char * const vm_names[NR_V] = {
	"compact_stall", "compact_fail", "compact_success",
	"compact_budget_exceeded", "thp_fault_alloc", "thp_fault_fallback",
	"pgmigrate_success", "pswpout", "allocstall", "compact_daemon_wake",
	"thp_swpout", "thp_swpout_fallback",
	"thp_collapse_alloc", "thp_collapse_alloc_failed",
};

struct run {
	long vm[NR_V];		/* deltas; -1: the counter does not exist */
	double secs, mbps;
	long stalls, stalls_sync, budget_status;
	long stall_p50_us, stall_p99_us, stall_max_us, stall_sum_us;
	long oncpu_max_us;	/* longest, minus the time off the CPU */
	long stall_p95_us;
	long step_p50_us, step_p99_us, step_max_us;
};

static long page_size;
static char saved_budget[32];
static int thp_saved, tracing;
static int frag_pct = 60, use_pct = 75;
static long budget_us = -1;	/* -b; -1: leave as it is */
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
	if (saved_budget[0]) {
		fd = open(KNOB, O_WRONLY);
		if (fd >= 0) {
			if (write(fd, saved_budget, strlen(saved_budget)) < 0)
				ksft_print_msg("restoring %s failed\n", KNOB);
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
	int err = sysctl_write(path, s);

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

static long get_budget(void)
{
	char buf[32];

	get(KNOB, buf, sizeof(buf));
	return atol(buf);
}

static void set_budget(long us)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld", us);
	put_or_die(KNOB, buf);
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
	r->budget_status = 0;
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
			if (strstr(line, "status=budget_exceeded"))
				r->budget_status++;
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
	sysctl_write("/proc/sys/vm/drop_caches", "3");
	free_kb = meminfo_kb("MemFree");
	frag_bytes = (size_t)free_kb * frag_pct / 100 * 1024;
	frag = start_child(fragment_memory, frag_bytes, NULL);

	free_kb = meminfo_kb("MemFree");
	swap_kb = meminfo_kb("SwapFree");
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
	writer = start_child(usemem, use_bytes, out);
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
	printf("%s [-b BUDGET_US] [-f FRAG_PCT] [-u USE_PCT] [-T FILE]\n"
	       "    [-B [-D always|defer|defer+madvise|madvise|never] [-M]] | -F [-f FRAG_PCT]\n"
	       "  -b  budget for the small-budget test, or for -B (default: test 1000, -B as set)\n"
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

int main(int argc, char **argv)
{
	const char *defrag = "always";
	int bench = 0, fragment_only = 0, opt;
	long tick, ticks = 1, limit, i, over = 0;
	struct run r;

	while ((opt = getopt(argc, argv, "b:f:u:BD:FMT:h")) != -1) {
		switch (opt) {
		case 'b':
			budget_us = atol(optarg);
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
	if (frag_pct < 0 || frag_pct > 90 || use_pct < 1 || use_pct > 95 ||
	    budget_us < -1 || budget_us > KNOB_MAX ||
	    defrag_mode(defrag) < 0) {
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
		sysctl_write("/proc/sys/vm/drop_caches", "3");
		bytes = (size_t)meminfo_kb("MemFree") * frag_pct / 100 * 1024;
		/* the child holds the pages until SIGTERM */
		frag_child = start_child(fragment_memory, bytes, NULL);
		signal(SIGTERM, on_fragment_term);
		printf("fragmented %zu MiB (1 page in 8 kept), %ld MiB free\n",
		       bytes >> 20, meminfo_kb("MemFree") >> 10);
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
	if (meminfo_kb("SwapTotal") <= 0)
		ksft_exit_skip("needs swap (the writer writes beyond memory)\n");
	tracing = !access(TRACING "/events/compaction/mm_compaction_end", F_OK);
	if (access(KNOB, F_OK)) {
		if (!bench)
			ksft_exit_skip("no %s\n", KNOB);
		if (budget_us > 0)
			ksft_exit_fail_msg("-b: no %s\n", KNOB);
	} else {
		get(KNOB, saved_budget, sizeof(saved_budget));
	}
	if (!tracing)
		ksft_print_msg("no compaction tracepoints: stall times not measured\n");

	if (bench) {
		if (budget_us >= 0)
			set_budget(budget_us);
		set_thp(defrag);
		run_once(&r);
		if (saved_budget[0])
			printf("compaction defrag=%s budget_us=%ld", defrag,
			       get_budget());
		else
			printf("compaction defrag=%s", defrag);
		if (madvised)
			printf(" madvised=1");
		print_run("", &r);
		return 0;
	}

	tick = tick_us();
	if (debug_kernel()) {
		ticks = 2;
		ksft_print_msg("debug kernel: allowing 2 ticks over the budget\n");
	}
	if (budget_us < 0)
		budget_us = 1000;
	limit = budget_us + ticks * tick;
	set_thp("always");

	set_budget(budget_us);
	run_once(&r);
	print_run("# budget", &r);
	if (r.vm[V_STALL] <= 0 || (tracing && !r.stalls)) {
		ksft_test_result_skip("budget %ld us: the writer never compacted directly\n",
				      budget_us);
		ksft_test_result_skip("mm_compaction_end status\n");
	} else {
		ksft_test_result(r.vm[V_BUDGET] > 0,
				 "budget %ld us: compact_budget_exceeded rose by %ld (%ld compact_stall)\n",
				 budget_us, r.vm[V_BUDGET], r.vm[V_STALL]);
		if (!tracing) {
			ksft_test_result_skip("mm_compaction_end status: no tracepoints\n");
		} else {
			ksft_test_result(r.budget_status > 0,
					 "mm_compaction_end reported status=budget_exceeded %ld times\n",
					 r.budget_status);
			for (i = 0; i < r.stalls; i++)
				over += stall_us[i] > limit;
			/*
			 * Printed, not asserted: how far a compaction runs past
			 * its budget depends on the machine (a batch of
			 * migrations between two looks at the clock, time off
			 * the CPU), and under TCG on the host's scheduling.
			 */
			ksft_print_msg("over budget + %ld tick(s) = %ld us: %ld of %ld; p50 %ld p95 %ld p99 %ld us; longest %ld us, on the CPU %ld us\n",
				       ticks, limit, over, r.stalls, r.stall_p50_us,
				       r.stall_p95_us, r.stall_p99_us,
				       r.stall_max_us, r.oncpu_max_us);
		}
	}

	set_budget(0);
	run_once(&r);
	print_run("# no limit", &r);
	if (r.vm[V_STALL] <= 0)
		ksft_test_result_skip("no limit: the writer never compacted directly\n");
	else
		ksft_test_result(r.vm[V_BUDGET] == 0,
				 "no limit: compact_budget_exceeded did not move (%ld compact_stall, longest %ld us)\n",
				 r.vm[V_STALL], r.stall_max_us);
	ksft_finished();
}
