package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.TensorDataType;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

/**
 * The element-wise engine's fast path: when every tensor has one element type and each row is contiguous in every
 * tensor (an input may repeat one element along it, stride 0), rows are bulk-read into primitive arrays, run through
 * the operator's {@link PackedLane} and bulk-written. Work goes in pieces of {@link ElementWiseExecution#LANES}
 * elements, each read whole before it is written, as the exact path does, so an output bound in place over an input
 * comes out the same. A FLOAT32 element the lane makes NaN is recomputed by the operator's exact body, so NaN
 * payloads, quieting and which operand wins follow docs/directml-behaviour.md §15.1 element by element. A piece of
 * 4-byte elements in writable heap buffers goes through a lane in place instead, with the same bits: in a JVM with the
 * incubating Vector API the lane's {@link InPlaceLane}, unless the output partly overlaps an input; before JDK 21 its
 * {@link ArrayLanes}, and on JDK 21 and later its {@link ViewLane}, unless the output shares a byte with an input.
 */
final class PackedRows {

    /** Rows shorter than this stay on the exact path: a piece's bulk calls would cost more than they save. */
    static final long MIN_ROW = 64;

    /** Pieces of a row a lane in place takes in one call (32 KiB of each tensor). */
    static final long PIECES_PER_CALL_IN_PLACE = 8;

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * How pieces move: always staged; in place where the JVM and the buffers allow (the Vector API lane, else the
     * array lane before JDK 21, else the view lane, else staged); or through the array lane or the view lane where the
     * buffers allow, whatever the JVM.
     */
    enum Reads {
        STAGED, IN_PLACE, ARRAYS, VIEWS
    }

    private final ElementWisePlan plan;
    private final PackedLane lane;
    /** The lane on the tensors' arrays in place, or null. */
    private final InPlaceLane inPlace;
    /** The lane on the tensors' views in place, or null; never beside {@link #inPlace}. */
    private final ViewLane viewLane;
    /** Whether the lane in place needs an output that shares no byte with an input (it writes before redoing). */
    private final boolean separateOutput;
    private final ElementFunction exact;
    private final long piecesPerRow;
    private final ThreadLocal<Scratch> scratch;

    private PackedRows(ElementWisePlan plan, PackedLane lane, ElementFunction exact, InPlaceLane inPlace,
            ViewLane viewLane) {
        this.plan = plan;
        this.lane = lane;
        this.exact = exact;
        this.inPlace = inPlace;
        this.viewLane = viewLane;
        this.separateOutput = viewLane != null || inPlace != null && inPlace.writesBeforeRedoing();
        this.piecesPerRow = (plan.rowLength() + ElementWiseExecution.LANES - 1) / ElementWiseExecution.LANES;
        int width = (int) Math.min(ElementWiseExecution.LANES, plan.rowLength());
        this.scratch = ThreadLocal.withInitial(() -> {
            Scratch s = new Scratch(lane, plan.types(), width);
            s.exactInPlace = i -> exactInPlace(s, i);
            s.exactInViews = i -> exactInViews(s, i);
            return s;
        });
    }

    /** The fast path for {@code plan}, or null when its rows are not packed or the operator has no lane for them. */
    static PackedRows of(ElementWisePlan plan, PackedLanes lanes, ElementFunction exact) {
        return of(plan, lanes, exact, Reads.IN_PLACE);
    }

    /** As {@link #of(ElementWisePlan, PackedLanes, ElementFunction)}, moving pieces as {@code reads} says. */
    static PackedRows of(ElementWisePlan plan, PackedLanes lanes, ElementFunction exact, Reads reads) {
        TensorDataType type = plan.types()[0];
        PackedLane lane = lanes.forType(type);
        long[][] strides = plan.byteStrides();
        int inner = plan.sizes().length - 1;
        int output = plan.tensorCount() - 1;
        TensorDataType outputType = lane instanceof PackedLane.FloatsToInts ? TensorDataType.INT32 : type;
        if (lane == null || plan.rowLength() < MIN_ROW || plan.types()[output] != outputType
                || strides[output][inner] != outputType.sizeInBytes()) {
            return null;
        }
        for (int t = 0; t < output; t++) {
            long step = strides[t][inner];
            if (plan.types()[t] != type || step != type.sizeInBytes() && step != 0) {
                return null;
            }
        }
        if (lane == PackedLane.Copy.BYTES && (output != 1 || strides[0][inner] == 0)) {
            return null;
        }
        boolean broadcast = false;
        for (int t = 0; t < output; t++) {
            broadcast |= strides[t][inner] == 0;
        }
        // In place: every row contiguous, 4-byte elements (the lanes' Copy stays a bulk copy, staged or not).
        boolean inPlaceShape = !broadcast && type.sizeInBytes() == 4 && outputType.sizeInBytes() == 4;
        InPlaceLane inPlace = inPlaceShape && reads == Reads.IN_PLACE ? InPlaceLane.of(lane) : null;
        if (inPlace == null && inPlaceShape
                && (reads == Reads.ARRAYS || reads == Reads.IN_PLACE && ArrayLanes.BY_DEFAULT)) {
            inPlace = ArrayLanes.of(lane);
        }
        boolean views = inPlace == null && inPlaceShape
                && (reads == Reads.VIEWS || reads == Reads.IN_PLACE && ViewLanes.BY_DEFAULT);
        return new PackedRows(plan, lane, exact, inPlace, views ? ViewLanes.of(lane) : null);
    }

    /** Whether pieces go through an {@link InPlaceLane} or a {@link ViewLane} where the buffers allow. */
    boolean hasInPlaceLane() {
        return inPlace != null || viewLane != null;
    }

    /** Whether that lane is the {@link ViewLane}. */
    boolean hasViewLane() {
        return viewLane != null;
    }

    /** Whether that lane is one of the {@link ArrayLanes}. */
    boolean hasArrayLane() {
        return inPlace instanceof ArrayLanes;
    }

    /** Work units: every row cut into pieces of at most {@link ElementWiseExecution#LANES} elements. */
    long units() {
        return Math.multiplyExact(plan.rows(), piecesPerRow);
    }

    /** Runs units {@code [begin, end)}. */
    void run(ByteBuffer[] views, long begin, long end) {
        Scratch s = scratch.get();
        FloatBuffer[] floatViews = new FloatBuffer[views.length];
        IntBuffer[] intViews = new IntBuffer[views.length];
        for (int t = 0; t < views.length; t++) {
            // Views of the caller's buffers, not copies: creating one costs an object. A FLOAT32 tensor has both:
            // its bits are read back as ints, whose test for NaN C2 17 vectorizes (floats' is a branch per element).
            if (plan.types()[t] == TensorDataType.FLOAT32) {
                floatViews[t] = views[t].asFloatBuffer();
            }
            if (plan.types()[t].sizeInBytes() == 4) {
                intViews[t] = views[t].asIntBuffer();
            }
        }
        byte[][] arrays = hasInPlaceLane() ? heapArrays(views, s) : null;
        s.arrays = arrays;
        s.views = views;
        long rowLength = plan.rowLength();
        for (long unit = begin; unit < end; ) {
            long row = unit / piecesPerRow;
            long piece = unit % piecesPerRow;
            long done = piece * ElementWiseExecution.LANES;
            rowOffsets(row, s.offsets);
            if (arrays != null) {
                // In place, the next pieces of the row go in one call: no staging arrays bound its length.
                long span = Math.min(Math.min(end - unit, piecesPerRow - piece), PIECES_PER_CALL_IN_PLACE);
                int callCount = (int) Math.min(span * ElementWiseExecution.LANES, rowLength - done);
                if (inPlaceFits(arrays, s, done, callCount, separateOutput)
                        && (inPlace == null || inPlace.takes(s.at))) {
                    if (inPlace != null) {
                        inPlace.run(arrays, s.at, callCount, s.exactInPlace);
                    } else {
                        viewLane.run(views, viewPositions(s, done), callCount, s.exactInViews);
                    }
                    unit += span;
                    continue;
                }
            }
            int n = (int) Math.min(ElementWiseExecution.LANES, rowLength - done);
            if (lane instanceof PackedLane.Floats floats) {
                runFloats(floats, floatViews, intViews[intViews.length - 1], s, done, n);
            } else if (lane instanceof PackedLane.Ints ints) {
                runInts(ints, intViews, s, done, n);
            } else if (lane instanceof PackedLane.FloatsToInts converts) {
                runFloatsToInts(converts, floatViews[0], intViews[0], intViews[1], s, done, n);
            } else {
                copy(views, s.offsets, done, n);
            }
            unit++;
        }
    }

    /**
     * The tensors' backing arrays, with each view's offset in its array in {@code s.base} and the end of its bytes
     * there in {@code s.end}; null when a view has no array it may write or read (a direct or read-only buffer), which
     * then goes staged.
     */
    private static byte[][] heapArrays(ByteBuffer[] views, Scratch s) {
        byte[][] arrays = new byte[views.length][];
        for (int t = 0; t < views.length; t++) {
            if (!views[t].hasArray()) {
                return null;
            }
            arrays[t] = views[t].array();
            s.base[t] = views[t].arrayOffset();
            s.end[t] = (long) views[t].arrayOffset() + views[t].limit();
        }
        return arrays;
    }

    /**
     * Sets each tensor's byte position of the call's first element in its array in {@code s.at}; false when a
     * tensor's {@code n} elements from there are not all inside its view (the staged path then fails as the view's
     * bounds say), or when the output overlaps an input in a way the lane cannot take. Staged, a piece is read whole
     * before it is written: in place, only an output at the same place as its input gives the same bits, and only to
     * a lane that checks its results before writing them ({@code separate} false; a {@link ViewLane} and a lane that
     * {@link InPlaceLane#writesBeforeRedoing()} read the inputs again after writing).
     */
    private boolean inPlaceFits(byte[][] arrays, Scratch s, long done, int n, boolean separate) {
        int output = arrays.length - 1;
        int bytes = n * 4;
        for (int t = 0; t <= output; t++) {
            long at = s.base[t] + s.offsets[t] + done * 4;
            if (at < s.base[t] || at + bytes > s.end[t]) {
                return false;
            }
            s.at[t] = (int) at;
        }
        for (int t = 0; t < output; t++) {
            if (arrays[t] == arrays[output] && (separate || s.at[t] != s.at[output]) && s.at[t] < s.at[output] + bytes
                    && s.at[output] < s.at[t] + bytes) {
                return false;
            }
        }
        return true;
    }

    /** Each tensor's byte position of the piece in its view, in {@code s.viewAt}. */
    private static int[] viewPositions(Scratch s, long done) {
        for (int t = 0; t < s.viewAt.length; t++) {
            s.viewAt[t] = Math.toIntExact(s.offsets[t] + done * 4);
        }
        return s.viewAt;
    }

    /** Element {@code i} of the piece in the views by the exact body, from the inputs' bits in their views. */
    private int exactInViews(Scratch s, int i) {
        Lanes[] inputs = s.single;
        for (int t = 0; t < inputs.length; t++) {
            int f = s.views[t].getInt(s.viewAt[t] + i * 4);
            inputs[t].bits[0] = f & 0xFFFF_FFFFL;
            inputs[t].values[0] = Float.intBitsToFloat(f);
        }
        return (int) exactOutput(s);
    }

    /** Element {@code i} of the in-place piece by the exact body, from the inputs' bits in their arrays. */
    private int exactInPlace(Scratch s, int i) {
        Lanes[] inputs = s.single;
        for (int t = 0; t < inputs.length; t++) {
            int f = (int) INT.get(s.arrays[t], s.at[t] + i * 4);
            inputs[t].bits[0] = f & 0xFFFF_FFFFL;
            inputs[t].values[0] = Float.intBitsToFloat(f);
        }
        return (int) exactOutput(s);
    }

    /** Each tensor's byte offset of the first element of {@code row} (row-major over the outer dimensions). */
    private void rowOffsets(long row, long[] offsets) {
        long[] sizes = plan.sizes();
        long[][] strides = plan.byteStrides();
        Arrays.fill(offsets, 0);
        long rest = row;
        for (int d = sizes.length - 2; d >= 0; d--) {
            long coordinate = rest % sizes[d];
            rest /= sizes[d];
            for (int t = 0; t < offsets.length; t++) {
                offsets[t] += coordinate * strides[t][d];
            }
        }
    }

    /** The element index of a piece's first element in tensor {@code t}, whose stride along the row is 0 or one. */
    private long index(long[] offsets, int t, long done) {
        long step = plan.byteStrides()[t][plan.sizes().length - 1];
        return (offsets[t] + done * step) / plan.types()[t].sizeInBytes();
    }

    private void runFloats(PackedLane.Floats floats, FloatBuffer[] views, IntBuffer outputBits, Scratch s, long done,
            int n) {
        int output = views.length - 1;
        for (int t = 0; t < output; t++) {
            FloatBuffer in = views[t];
            int at = (int) index(s.offsets, t, done);
            if (plan.byteStrides()[t][plan.sizes().length - 1] == 0) {
                Arrays.fill(s.floats[t], 0, n, in.get(at));
            } else {
                in.get(at, s.floats[t], 0, n);
            }
        }
        float[] out = s.floats[output];
        floats.apply(s.floats, out, n);
        int at = (int) index(s.offsets, output, done);
        views[output].put(at, out, 0, n);
        // The piece's bits back from the output (a memory copy in cache), then one branch-free pass over them; the
        // inputs' copies in s.floats are intact, so the exact body can still redo an element written in place.
        int[] bits = s.bits;
        outputBits.get(at, bits, 0, n);
        if (FloatBits.anyNaN(bits, n)) {
            for (int i = 0; i < n; i++) {
                if (FloatBits.isNaN(bits[i])) {
                    outputBits.put(at + i, (int) exactBits(s, i));
                }
            }
        }
    }

    /**
     * Element {@code i} by the operator's exact body, from the FLOAT32 inputs' raw bits as the exact path reads them:
     * the output's bits, as the exact path writes them to a 32-bit output.
     */
    private long exactBits(Scratch s, int i) {
        Lanes[] inputs = s.single;
        for (int t = 0; t < inputs.length; t++) {
            int f = Float.floatToRawIntBits(s.floats[t][i]);
            inputs[t].bits[0] = f & 0xFFFF_FFFFL;
            inputs[t].values[0] = Float.intBitsToFloat(f);
        }
        return exactOutput(s);
    }

    /** The exact body on the one-element lanes {@code s.single}: the output's bits. */
    private long exactOutput(Scratch s) {
        Lanes out = s.singleOutput;
        exact.apply(s.single, out, 1);
        return out.carrier == Lanes.Carrier.VALUES ? Float.floatToRawIntBits((float) out.values[0]) : out.bits[0];
    }

    private void runInts(PackedLane.Ints ints, IntBuffer[] views, Scratch s, long done, int n) {
        int output = views.length - 1;
        for (int t = 0; t < output; t++) {
            IntBuffer in = views[t];
            int at = (int) index(s.offsets, t, done);
            if (plan.byteStrides()[t][plan.sizes().length - 1] == 0) {
                Arrays.fill(s.ints[t], 0, n, in.get(at));
            } else {
                in.get(at, s.ints[t], 0, n);
            }
        }
        ints.apply(s.ints, s.ints[output], n);
        views[output].put((int) index(s.offsets, output, done), s.ints[output], 0, n);
    }

    private void runFloatsToInts(PackedLane.FloatsToInts converts, FloatBuffer input, IntBuffer inputBits,
            IntBuffer output, Scratch s, long done, int n) {
        float[] x = s.floats[0];
        int[] bits = s.bits;
        int[] out = s.ints[1];
        int at = (int) index(s.offsets, 0, done);
        if (plan.byteStrides()[0][plan.sizes().length - 1] == 0) {
            Arrays.fill(x, 0, n, input.get(at));
            Arrays.fill(bits, 0, n, inputBits.get(at));
        } else {
            // The input twice, as floats to convert and as bits for the range test (see runFloats).
            input.get(at, x, 0, n);
            inputBits.get(at, bits, 0, n);
        }
        if (s.smallTruncation != null && SmallTruncation.takes(bits, n)) {
            s.smallTruncation.truncate(x, bits, out, n);
        } else {
            converts.apply(x, out, n);
            if (FloatBits.anyOutsideInt32(bits, n)) {
                for (int i = 0; i < n; i++) {
                    if (FloatBits.isOutsideInt32(bits[i])) {
                        out[i] = (int) exactBits(s, i);
                    }
                }
            }
        }
        output.put((int) index(s.offsets, 1, done), out, 0, n);
    }

    private void copy(ByteBuffer[] views, long[] offsets, long done, int n) {
        int size = (int) plan.types()[0].sizeInBytes();
        views[1].put((int) (index(offsets, 1, done) * size), views[0], (int) (index(offsets, 0, done) * size),
                n * size);
    }

    /** One thread's arrays: a piece of every tensor, and one-element lanes for the exact body. */
    private static final class Scratch {
        final long[] offsets;
        final float[][] floats;
        final int[][] ints;
        /** A FLOAT32 piece's bits, read back for the NaN test (FLOAT32 lanes), or the input's (the truncation). */
        final int[] bits;
        /** The truncation's vectorized form for pieces below 2^23, or null (another lane, or another JDK). */
        final SmallTruncation smallTruncation;
        final Lanes[] single;
        final Lanes singleOutput;
        /**
         * In place: each view's offset in its array and the end of its bytes there, the call's byte positions, the
         * arrays, the exact body.
         */
        final long[] base;
        final long[] end;
        final int[] at;
        byte[][] arrays;
        InPlaceLane.ExactElement exactInPlace;
        /** In the views: the piece's byte positions in them, the views, the exact body. */
        final int[] viewAt;
        ByteBuffer[] views;
        InPlaceLane.ExactElement exactInViews;

        Scratch(PackedLane lane, TensorDataType[] types, int width) {
            int tensors = types.length;
            offsets = new long[tensors];
            base = new long[tensors];
            end = new long[tensors];
            at = new int[tensors];
            viewAt = new int[tensors];
            boolean converts = lane instanceof PackedLane.FloatsToInts;
            floats = lane instanceof PackedLane.Floats || converts ? new float[tensors][width] : null;
            ints = lane instanceof PackedLane.Ints || converts ? new int[tensors][width] : null;
            bits = lane instanceof PackedLane.Floats || converts ? new int[width] : null;
            smallTruncation = lane == PackedLane.Truncation.TO_INT32 && SmallTruncation.BY_DEFAULT
                    ? new SmallTruncation(width) : null;
            single = new Lanes[tensors - 1];
            for (int t = 0; t < single.length; t++) {
                single[t] = new Lanes(types[t], 1);
            }
            singleOutput = new Lanes(types[tensors - 1], 1);
        }
    }
}
