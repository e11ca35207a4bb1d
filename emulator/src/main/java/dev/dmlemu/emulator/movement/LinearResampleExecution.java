package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import java.nio.ByteBuffer;

/**
 * LINEAR resampling of FLOAT32 tensors (docs/directml-behaviour.md §16.11), as measured on the real DLL: per dimension
 * the position {@code x = (o - OutputPixelOffset) * (1 / Scale) - InputPixelOffset} (as the nearest-neighbour modes
 * compute it), raised to 0 if below, {@code x0 = min(floor(x), n - 1)}, {@code x1 = min(x0 + 1, n - 1)} and
 * {@code t = x - x0}; the neighbours are interpolated as {@code a + t * (b - a)}, each step rounded, the outermost
 * dimension first and the innermost last.
 */
final class LinearResampleExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final long[] out;
    private final long[] inStrides;
    private final long[] outStrides;
    private final int[][] low;
    private final int[][] high;
    private final float[][] fraction;

    LinearResampleExecution(OperatorDesc desc, long[] in, long[] out, long[] inStrides, long[] outStrides,
            float[] scales, float[] inputOffsets, float[] outputOffsets) {
        this.desc = desc;
        this.out = out;
        this.inStrides = inStrides;
        this.outStrides = outStrides;
        int rank = in.length;
        low = new int[rank][];
        high = new int[rank][];
        fraction = new float[rank][];
        for (int d = 0; d < rank; d++) {
            int outputs = Math.toIntExact(out[d]);
            low[d] = new int[outputs];
            high[d] = new int[outputs];
            fraction[d] = new float[outputs];
            for (int o = 0; o < outputs; o++) {
                float x = ((float) o - outputOffsets[d]) * (1f / scales[d]) - inputOffsets[d];
                float clamped = Math.max(x, 0f);
                int x0 = (int) Math.min((long) Math.floor(clamped), in[d] - 1);
                low[d][o] = x0;
                high[d][o] = (int) Math.min(x0 + 1L, in[d] - 1);
                fraction[d][o] = clamped - x0;
            }
        }
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer input = BoundBuffers.view(bindings.get(0));
        ByteBuffer output = BoundBuffers.view(bindings.get(1));
        int rank = out.length;
        long[] at = new long[rank];
        do {
            output.putFloat(Math.toIntExact(Shapes.offset(at, outStrides) * 4), interpolated(input, at, rank - 1, 0));
        } while (Shapes.nextCoordinate(at, out));
    }

    /**
     * The value at output {@code at} interpolated along dimensions {@code 0..dim} (the ones past {@code dim} fixed in
     * {@code offset}): along {@code dim} last, so the outermost dimension is interpolated first.
     */
    private float interpolated(ByteBuffer input, long[] at, int dim, long offset) {
        if (dim < 0) {
            return input.getFloat(Math.toIntExact(offset * 4));
        }
        int o = (int) at[dim];
        float a = interpolated(input, at, dim - 1, offset + low[dim][o] * inStrides[dim]);
        float b = interpolated(input, at, dim - 1, offset + high[dim][o] * inStrides[dim]);
        return a + fraction[dim][o] * (b - a);
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}
