// SPDX-License-Identifier: GPL-2.0
/*
 * workingset: one group's load for the memcg protection guard (seed 001).
 *
 *   workingset -f FILE -a ANON_MB -p PASSES
 *
 * Maps and writes ANON_MB of anonymous memory and keeps it, then reads
 * FILE from start to end PASSES times (1 MiB read()s).  Prints
 *
 *   secs=SECONDS_FOR_ALL_PASSES
 *
 * The file is the group's working set: whatever reclaim takes from it
 * comes back as refaults and as time spent reading the disk again.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>

#define CHUNK	(1024 * 1024)

int main(int argc, char **argv)
{
	long anon_mb = 0, passes = 1, p, i;
	const char *file = NULL;
	struct timespec a, b;
	char *buf, *anon;
	ssize_t n;
	int opt, fd;

	while ((opt = getopt(argc, argv, "f:a:p:")) != -1) {
		switch (opt) {
		case 'f':
			file = optarg;
			break;
		case 'a':
			anon_mb = atol(optarg);
			break;
		case 'p':
			passes = atol(optarg);
			break;
		default:
			file = NULL;
			optind = argc;
		}
	}
	if (!file || anon_mb < 0 || passes < 1) {
		fprintf(stderr, "usage: %s -f FILE -a ANON_MB -p PASSES\n", argv[0]);
		return 2;
	}
	buf = malloc(CHUNK);
	fd = open(file, O_RDONLY);
	if (!buf || fd < 0) {
		perror(file);
		return 1;
	}
	if (anon_mb) {
		anon = mmap(NULL, anon_mb << 20, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (anon == MAP_FAILED) {
			perror("mmap");
			return 1;
		}
		for (i = 0; i < anon_mb << 20; i += 4096)
			anon[i] = 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (p = 0; p < passes; p++) {
		lseek(fd, 0, SEEK_SET);
		while ((n = read(fd, buf, CHUNK)) > 0)
			;
		if (n < 0) {
			perror("read");
			return 1;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("secs=%.3f\n", b.tv_sec - a.tv_sec + (b.tv_nsec - a.tv_nsec) / 1e9);
	return 0;
}
