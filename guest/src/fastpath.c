// SPDX-License-Identifier: GPL-2.0
/*
 * fastpath: the allocator fast path as lmbench sees it (seed 003).
 *
 *   fastpath [-n LOOPS] [-m MB] [-r REPS]
 *
 * REPS repetitions of LOOPS iterations of each operation; prints one line
 * per repetition with the time per operation of each:
 *
 *   fastpath rep=N anon_fault_ns=... file_fault_ns=... fork_exit_ns=... exec_ns=...
 *
 * anon_fault: write-fault one page of a fresh anonymous mapping (MB MiB
 *             mapped, touched, unmapped per iteration);
 * file_fault: read-fault one page of a file in tmpfs (MAP_SHARED, the
 *             pages are in memory: minor faults through the page cache);
 * fork_exit:  fork(), the child _exit()s, the parent waits;
 * exec:       fork() + execve() of this (static) program, which exits.
 *
 * Under QEMU with -icount, CLOCK_MONOTONIC follows executed instructions,
 * so the figures are instruction counts in disguise: repeatable to well
 * under 1%.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/wait.h>

static long page;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

/* Returns the number of faults taken. */
static long anon_fault(long bytes)
{
	char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long i;

	if (p == MAP_FAILED)
		die("mmap anon");
	/* no THP: one fault per base page, as lmbench's */
	madvise(p, bytes, MADV_NOHUGEPAGE);
	for (i = 0; i < bytes; i += page)
		p[i] = 1;
	munmap(p, bytes);
	return bytes / page;
}

static long file_fault(int fd, long bytes)
{
	volatile char *p = mmap(NULL, bytes, PROT_READ, MAP_SHARED, fd, 0);
	long i, sum = 0;

	if (p == MAP_FAILED)
		die("mmap file");
	/* no readahead; the pages are in memory already */
	madvise((void *)p, bytes, MADV_RANDOM);
	for (i = 0; i < bytes; i += page)
		sum += p[i];
	munmap((void *)p, bytes);
	return bytes / page + (sum & 0);
}

static long fork_exit(void)
{
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (!pid)
		_exit(0);
	waitpid(pid, NULL, 0);
	return 1;
}

static long exec_exit(const char *self)
{
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (!pid) {
		execl(self, self, "-x", (char *)NULL);
		_exit(127);
	}
	waitpid(pid, NULL, 0);
	return 1;
}

int main(int argc, char **argv)
{
	static const char * const ops[] = { "anon_fault", "file_fault", "fork_exit", "exec" };
	long loops = 20, mb = 16, reps = 5, n, l;
	char path[] = "/tmp/fastpath.XXXXXX";
	int opt, op, r, fd;
	double t;
	char *buf;

	while ((opt = getopt(argc, argv, "n:m:r:x")) != -1) {
		switch (opt) {
		case 'n':
			loops = atol(optarg);
			break;
		case 'm':
			mb = atol(optarg);
			break;
		case 'r':
			reps = atol(optarg);
			break;
		case 'x':
			return 0;	/* the exec test's child */
		default:
			fprintf(stderr, "usage: %s [-n LOOPS] [-m MB] [-r REPS]\n", argv[0]);
			return 2;
		}
	}
	page = sysconf(_SC_PAGESIZE);

	fd = mkstemp(path);
	if (fd < 0)
		die(path);
	unlink(path);
	buf = calloc(1, mb << 20);
	if (!buf || write(fd, buf, mb << 20) != mb << 20)
		die("write");
	free(buf);

	for (r = 0; r <= reps; r++) {
		/* repetition 0 warms up caches and is not reported */
		if (r)
			printf("fastpath rep=%d", r);
		for (op = 0; op < 4; op++) {
			n = 0;
			t = now();
			for (l = 0; l < loops; l++) {
				switch (op) {
				case 0:
					n += anon_fault(mb << 20);
					break;
				case 1:
					n += file_fault(fd, mb << 20);
					break;
				case 2:
					n += fork_exit();
					break;
				case 3:
					n += exec_exit("/proc/self/exe");
					break;
				}
			}
			t = now() - t;
			if (r)
				printf(" %s_ns=%.1f", ops[op], t / n);
		}
		if (r)
			printf("\n");
		fflush(stdout);
	}
	return 0;
}
