package dev.dmlemu.emulator.movement;

import java.util.function.LongBinaryOperator;

/** A scan's operation on raw element bits and the value its running result starts from (0 or 1). */
record ScanStep(LongBinaryOperator combine, long identity) {}
