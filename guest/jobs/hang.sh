#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Harness self-test: the guest never ends; the runner must time out.
echo "hanging on purpose"
while :; do sleep 1; done
