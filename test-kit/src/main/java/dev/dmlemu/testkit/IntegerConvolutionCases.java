package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ConvolutionIntegerOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded valid CONVOLUTION_INTEGER cases, 1-D or 2-D: INT8 or UINT8 input and filter (each its own), batch up to 2,
 * 1 to 3 groups of 1 to 3 input channels and 1 to 3 output channels each, spatial sizes up to 6, windows up to 3,
 * strides up to 3, dilations up to 2, paddings up to 2 on either side; the output of the size the geometry gives, one
 * case in eight one larger or smaller (DirectML accepts it); zero points absent, one value, or the filter's one per
 * output channel; laid out as the options say; a quarter of the elements -128, 127, 0 or 255.
 */
public final class IntegerConvolutionCases {

    private final MovementDraws draws;

    public IntegerConvolutionCases(CaseOptions options) {
        this.draws = new MovementDraws(options);
    }

    public MovementCase generate(long seed) {
        Random r = new Random(seed);
        TensorDataType inputType = IntegerOperands.TYPES.get(r.nextInt(2));
        TensorDataType filterType = IntegerOperands.TYPES.get(r.nextInt(2));
        int spatial = 1 + r.nextInt(2);
        long batch = 1 + r.nextInt(2);
        long groups = 1 + r.nextInt(3);
        long groupChannels = 1 + r.nextInt(3);
        long maps = groups * (1 + r.nextInt(3));
        long[] inSizes = new long[2 + spatial];
        long[] filterSizes = new long[2 + spatial];
        long[] outSizes = new long[2 + spatial];
        inSizes[0] = batch;
        inSizes[1] = groups * groupChannels;
        filterSizes[0] = maps;
        filterSizes[1] = groupChannels;
        outSizes[0] = batch;
        outSizes[1] = maps;
        List<Long> strides = new ArrayList<>();
        List<Long> dilations = new ArrayList<>();
        List<Long> start = new ArrayList<>();
        List<Long> end = new ArrayList<>();
        for (int d = 0; d < spatial; d++) {
            long size = 1 + r.nextInt(6);
            long window = 1 + r.nextInt(3);
            long stride = 1 + r.nextInt(3);
            long dilation = 1 + r.nextInt(2);
            long before = r.nextInt(3);
            long after = r.nextInt(3);
            long span = dilation * (window - 1) + 1;
            // Enough padding for one window at least.
            while (size + before + after < span) {
                after++;
            }
            long outSize = (size + before + after - span) / stride + 1;
            if (r.nextInt(8) == 0) {
                outSize = Math.max(1, outSize + (r.nextBoolean() ? 1 : -1));
            }
            inSizes[2 + d] = size;
            filterSizes[2 + d] = window;
            outSizes[2 + d] = outSize;
            strides.add(stride);
            dilations.add(dilation);
            start.add(before);
            end.add(after);
        }
        BufferTensorDesc input = draws.tensor(r, inputType, inSizes, Role.INPUT);
        BufferTensorDesc filter = draws.tensor(r, filterType, filterSizes, Role.INPUT);
        BufferTensorDesc output = draws.tensor(r, TensorDataType.INT32, outSizes, Role.OUTPUT);
        TensorDesc inputZero = r.nextInt(3) == 0 ? TensorDesc.NULL
                : draws.tensor(r, inputType, ones(1 + r.nextInt(4)), Role.INPUT);
        TensorDesc filterZero = filterZeroPoint(r, filterType, maps);
        ConvolutionIntegerOperatorDesc desc = new ConvolutionIntegerOperatorDesc(input, inputZero, filter, filterZero,
                output, spatial, strides, dilations, start, end, groups);
        return new MovementCase(desc, List.of(IntegerOperands.filled(draws, r, input), IntegerOperands.filled(draws, r, inputZero), IntegerOperands.filled(draws, r, filter),
                IntegerOperands.filled(draws, r, filterZero)), List.of(draws.place(r, output, Role.OUTPUT)));
    }

    private static long[] ones(int rank) {
        long[] sizes = new long[rank];
        java.util.Arrays.fill(sizes, 1);
        return sizes;
    }

    /** Absent, one value, or one per output channel as {@code [1, M]} or {@code [1, M, 1, 1]}. */
    private TensorDesc filterZeroPoint(Random r, TensorDataType type, long maps) {
        return switch (r.nextInt(4)) {
            case 0 -> TensorDesc.NULL;
            case 1 -> draws.tensor(r, type, ones(1 + r.nextInt(4)), Role.INPUT);
            case 2 -> draws.tensor(r, type, new long[] {1, maps}, Role.INPUT);
            default -> draws.tensor(r, type, new long[] {1, maps, 1, 1}, Role.INPUT);
        };
    }
}
