package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;

/**
 * How each slice operator relates one dimension's window to its two tensors, as DirectML.dll 1.15.4 checks it
 * (measured, docs/directml-behaviour.md §14.3). {@code n} is the sliced tensor's size, {@code m} the slice's,
 * {@code o, z, s} the offset, size and stride.
 */
enum SliceFormula {
    /** SLICE: {@code s >= 1}, {@code m = z}, {@code o + (z - 1) * s < n}: Sizes are the output's sizes. */
    SLICE {
        @Override
        void check(ShapeCheck check, SliceWindows w, int i, long n, long m, long o, long z, long s) {
            if (s < 1) {
                check.report(RuleId.SLICE_STRIDE_INVALID, w.stridesField() + "[" + i + "]", s + " is below 1");
                return;
            }
            if (m != z) {
                check.report(RuleId.OUTPUT_SIZES_MISMATCH, w.sliceField() + ".Sizes[" + i + "]", "expected " + z
                        + " (" + w.sizesField() + "[" + i + "]: SLICE's Sizes are the output's) but got " + m);
            }
            if (z >= 1 && !below(lastElement(o, z, s), n)) {
                check.report(RuleId.SLICE_WINDOW_OUTSIDE_INPUT, w.offsetsField() + "[" + i + "]", "the last "
                        + "element read, Offsets + (Sizes - 1) * Strides = " + o + " + " + (z - 1) + " * " + s
                        + ", must be below " + n + " (" + w.slicedField() + ".Sizes[" + i + "])");
            }
        }
    },
    /** SLICE1: {@code s != 0}, {@code o + z <= n}, {@code (m - 1) * |s| < z} (m at most ceil(z / |s|)). */
    SLICE1 {
        @Override
        void check(ShapeCheck check, SliceWindows w, int i, long n, long m, long o, long z, long s) {
            if (!strideNotZero(check, w, i, s)) {
                return;
            }
            windowInside(check, w, i, n, o, z);
            if (!below(lastElement(0, m, Math.abs(s)), z)) {
                check.report(RuleId.OUTPUT_SIZES_MISMATCH, w.sliceField() + ".Sizes[" + i + "]", m + " is above "
                        + "ceil(InputWindowSizes / |InputWindowStrides|) = ceil(" + z + " / " + Math.abs(s) + ")");
            }
        }
    },
    /**
     * SLICE_GRAD: {@code s != 0}, {@code o + z <= n}, {@code o + (m - 1) * |s| < n}: the window size itself is not
     * tied to the input gradient's size (measured: 0 is accepted).
     */
    SLICE_GRAD {
        @Override
        void check(ShapeCheck check, SliceWindows w, int i, long n, long m, long o, long z, long s) {
            if (!strideNotZero(check, w, i, s)) {
                return;
            }
            windowInside(check, w, i, n, o, z);
            if (!below(lastElement(o, m, Math.abs(s)), n)) {
                check.report(RuleId.SLICE_WINDOW_OUTSIDE_INPUT, w.sliceField() + ".Sizes[" + i + "]", "the last "
                        + "gradient element, InputWindowOffsets + (" + w.sliceField() + ".Sizes - 1) * "
                        + "|InputWindowStrides| = " + o + " + " + (m - 1) + " * " + Math.abs(s) + ", must be below "
                        + n + " (" + w.slicedField() + ".Sizes[" + i + "])");
            }
        }
    };

    /** Reports what dimension {@code i} breaks; n, m are the sizes, o, z, s the window's entries. */
    abstract void check(ShapeCheck check, SliceWindows w, int i, long n, long m, long o, long z, long s);

    private static boolean strideNotZero(ShapeCheck check, SliceWindows w, int i, long s) {
        if (s == 0) {
            check.report(RuleId.SLICE_STRIDE_INVALID, w.stridesField() + "[" + i + "]", "0 is not a stride");
            return false;
        }
        return true;
    }

    private static void windowInside(ShapeCheck check, SliceWindows w, int i, long n, long o, long z) {
        if (!atMost(o, z, n)) {
            check.report(RuleId.SLICE_WINDOW_OUTSIDE_INPUT, w.offsetsField() + "[" + i + "]", "the window's end, "
                    + "InputWindowOffsets + InputWindowSizes = " + o + " + " + z + ", must be at most " + n + " ("
                    + w.slicedField() + ".Sizes[" + i + "])");
        }
    }

    /** {@code o + (count - 1) * stride}, or -1 for an empty run; {@code Long.MAX_VALUE} when it overflows. */
    private static long lastElement(long o, long count, long stride) {
        if (count < 1) {
            return -1;
        }
        try {
            return Math.addExact(o, Math.multiplyExact(count - 1, stride));
        } catch (ArithmeticException overflow) {
            return Long.MAX_VALUE;
        }
    }

    private static boolean below(long value, long bound) {
        return value < bound;
    }

    private static boolean atMost(long o, long z, long n) {
        try {
            return Math.addExact(o, z) <= n;
        } catch (ArithmeticException overflow) {
            return false;
        }
    }
}
