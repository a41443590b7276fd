#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Harness self-test: the guest crashes; the runner must say so.
echo "crashing the guest on purpose"
echo c > /proc/sysrq-trigger
