package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ConvolutionIntegerOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;

/**
 * DML_CONVOLUTION_INTEGER as its docs state it, with what the real DLL was measured to do
 * (docs/directml-behaviour.md §15.11): each output element the sum, over its group's input channels and the filter's
 * window, of {@code (Input - InputZeroPoint) * (Filter - FilterZeroPoint)}, where a window position outside the input
 * adds nothing; the filter's zero point one value or one per output channel along its {@code Sizes[1]}; the sum kept
 * modulo 2^32. Input, filter and output have 2 + DimensionCount dimensions.
 */
public final class NaiveIntegerConvolution {

    private NaiveIntegerConvolution() {}

    public static List<byte[]> run(MovementCase movement) {
        ConvolutionIntegerOperatorDesc desc = (ConvolutionIntegerOperatorDesc) movement.desc();
        NaiveElements elements = new NaiveElements(movement);
        TensorLayout in = elements.input(0);
        TensorLayout filter = elements.input(2);
        TensorLayout out = elements.output(0);
        int spatial = (int) desc.dimensionCount();
        long groupChannels = filter.sizes()[1];
        long mapsPerGroup = out.sizes()[1] / desc.groupCount();
        long inputZero = desc.inputZeroPointTensor() instanceof BufferTensorDesc
                ? value(movement, elements, 1, new long[elements.input(1).rank()]) : 0;
        byte[] bytes = new byte[4];
        long[] window = java.util.Arrays.copyOfRange(filter.sizes(), 2, 2 + spatial);
        for (long e = 0; e < Shapes.product(out.sizes()); e++) {
            long[] at = Shapes.coordinate(e, out.sizes());
            long n = at[0];
            long m = at[1];
            long filterZero = 0;
            if (desc.filterZeroPointTensor() instanceof BufferTensorDesc) {
                long[] zeroAt = new long[elements.input(3).rank()];
                if (zeroAt.length > 1 && elements.input(3).sizes()[1] > 1) {
                    zeroAt[1] = m;
                }
                filterZero = value(movement, elements, 3, zeroAt);
            }
            long sum = 0;
            for (long c = 0; c < groupChannels; c++) {
                long channel = m / mapsPerGroup * groupChannels + c;
                for (long k = 0; k < Shapes.product(window); k++) {
                    long[] offset = Shapes.coordinate(k, window);
                    long[] inAt = new long[2 + spatial];
                    inAt[0] = n;
                    inAt[1] = channel;
                    boolean inside = true;
                    for (int d = 0; d < spatial; d++) {
                        long position = at[2 + d] * desc.strides().get(d) - desc.startPadding().get(d)
                                + offset[d] * desc.dilations().get(d);
                        inside &= position >= 0 && position < in.sizes()[2 + d];
                        inAt[2 + d] = position;
                    }
                    if (!inside) {
                        continue;
                    }
                    long[] filterAt = new long[2 + spatial];
                    filterAt[0] = m;
                    filterAt[1] = c;
                    System.arraycopy(offset, 0, filterAt, 2, spatial);
                    sum += (value(movement, elements, 0, inAt) - inputZero)
                            * (value(movement, elements, 2, filterAt) - filterZero);
                }
            }
            LittleEndian.put(bytes, 0, 4, (int) sum);
            elements.put(0, at, bytes, 0);
        }
        return elements.outputs();
    }

    private static long value(MovementCase movement, NaiveElements elements, int input, long[] at) {
        TensorLayout layout = elements.input(input);
        TensorBytes bytes = movement.inputs().get(input);
        long bits = LittleEndian.bits(bytes.bytes(), layout.byteAt(bytes, at), 1);
        return layout.type() == TensorDataType.INT8 ? (byte) bits : bits & 0xFF;
    }
}
