package dev.dmlemu.emulator.elementwise;

/**
 * An operator's optional body for packed rows: every tensor of one element type, each row contiguous (a broadcast
 * input repeats one element), bulk-read into primitive arrays the JIT can vectorize. The engine uses it beside the
 * operator's exact {@link ElementFunction}, never instead of its rules: a lane is only trusted where Java's primitive
 * arithmetic is the exact rule (docs/architecture.md, "The packed fast path").
 */
sealed interface PackedLane {

    /**
     * FLOAT32 rows as floats. Java's float {@code +}, {@code -} and {@code *} are IEEE binary32 correctly rounded
     * with denormals kept, the same value as the exact body's double arithmetic rounded once to FLOAT32; NaN results
     * are not: every NaN element the lane writes is recomputed by the operator's exact body.
     */
    @FunctionalInterface
    non-sealed interface Floats extends PackedLane {
        void apply(float[][] inputs, float[] output, int count);
    }

    /** INT32 and UINT32 rows as ints: results wrap to 32 bits, as the exact body writes them modulo the width. */
    @FunctionalInterface
    non-sealed interface Ints extends PackedLane {
        void apply(int[][] inputs, int[] output, int count);
    }

    /**
     * FLOAT32 rows to INT32 rows. Java's {@code (int)} truncates toward zero like the exact body inside
     * (-2^31, 2^31); every element whose input is outside it, or a NaN, is recomputed by the operator's exact body.
     */
    @FunctionalInterface
    non-sealed interface FloatsToInts extends PackedLane {
        void apply(float[] input, int[] output, int count);
    }

    /** The one input's bytes copied to the output unchanged, whatever the element type. */
    enum Copy implements PackedLane {
        BYTES
    }

    /**
     * Two FLOAT32 inputs' sum, difference or product: named, not lambdas, so {@code VectorLanes} can run the same
     * operation on tensors in place.
     */
    enum FloatArithmetic implements Floats {
        ADD {
            @Override
            public void apply(float[][] inputs, float[] output, int count) {
                float[] a = inputs[0];
                float[] b = inputs[1];
                for (int i = 0; i < count; i++) {
                    output[i] = a[i] + b[i];
                }
            }
        },
        SUBTRACT {
            @Override
            public void apply(float[][] inputs, float[] output, int count) {
                float[] a = inputs[0];
                float[] b = inputs[1];
                for (int i = 0; i < count; i++) {
                    output[i] = a[i] - b[i];
                }
            }
        },
        MULTIPLY {
            @Override
            public void apply(float[][] inputs, float[] output, int count) {
                float[] a = inputs[0];
                float[] b = inputs[1];
                for (int i = 0; i < count; i++) {
                    output[i] = a[i] * b[i];
                }
            }
        }
    }

    /** Two INT32 or UINT32 inputs' wrapped sum, difference or product, named as {@link FloatArithmetic} is. */
    enum IntArithmetic implements Ints {
        ADD {
            @Override
            public void apply(int[][] inputs, int[] output, int count) {
                int[] a = inputs[0];
                int[] b = inputs[1];
                for (int i = 0; i < count; i++) {
                    output[i] = a[i] + b[i];
                }
            }
        },
        SUBTRACT {
            @Override
            public void apply(int[][] inputs, int[] output, int count) {
                int[] a = inputs[0];
                int[] b = inputs[1];
                for (int i = 0; i < count; i++) {
                    output[i] = a[i] - b[i];
                }
            }
        },
        MULTIPLY {
            @Override
            public void apply(int[][] inputs, int[] output, int count) {
                int[] a = inputs[0];
                int[] b = inputs[1];
                for (int i = 0; i < count; i++) {
                    output[i] = a[i] * b[i];
                }
            }
        }
    }

    /** FLOAT32 to INT32 by Java's truncation, which is the exact one inside the INT32 range. */
    enum Truncation implements FloatsToInts {
        TO_INT32;

        @Override
        public void apply(float[] input, int[] output, int count) {
            for (int i = 0; i < count; i++) {
                output[i] = (int) input[i];
            }
        }
    }
}
