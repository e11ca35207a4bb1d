package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.PaddingMode;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * PADDING and PADDING1 probes: input sizes 2 to 4, paddings 0 to 3 per side, any mode, the output their sum, PADDING1's
 * value in the input's data type (docs/directml-behaviour.md §14.3); broken by an output size, the count of the
 * padding arrays, or PADDING1's value data type.
 */
final class PaddingShaper extends OperatorShaper {

    private PaddingShaper(OperatorType type) {
        super(type);
    }

    static PaddingShaper padding() {
        return new PaddingShaper(OperatorType.PADDING);
    }

    static PaddingShaper padding1() {
        return new PaddingShaper(OperatorType.PADDING1);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        int rank = (int) input.dimensionCount();
        long[] in = new long[rank];
        long[] out = new long[rank];
        List<Long> start = new ArrayList<>();
        List<Long> end = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            in[i] = 2 + random.nextInt(3);
            start.add((long) random.nextInt(4));
            end.add((long) random.nextInt(4));
            out[i] = in[i] + start.get(i) + end.get(i);
        }
        values.put("InputTensor", BufferTensorDesc.packed(input.dataType(), in));
        values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), out));
        values.put("StartPadding", List.copyOf(start));
        values.put("EndPadding", List.copyOf(end));
        values.put("DimensionCount", (long) rank);
        PaddingMode[] modes = PaddingMode.values();
        values.put("PaddingMode", modes[random.nextInt(modes.length)]);
        if (operatorType() == OperatorType.PADDING1) {
            values.put("PaddingValueDataType", input.dataType());
            values.put("PaddingValue", ScalarUnion.of(input.dataType(), 1 + random.nextInt(9)));
        }
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        int pick = random.nextInt(operatorType() == OperatorType.PADDING1 ? 3 : 2);
        if (pick == 0) {
            BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
            long[] out = output.sizes().stream().mapToLong(Long::longValue).toArray();
            int i = random.nextInt(out.length);
            out[i] += 1;
            values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), out));
            return Optional.of("OutputTensor.Sizes[" + i + "] one above the padded size");
        }
        if (pick == 1) {
            List<Long> start = new ArrayList<>(longs(values.get("StartPadding")));
            List<Long> end = new ArrayList<>(longs(values.get("EndPadding")));
            start.add(0L);
            end.add(0L);
            values.put("StartPadding", List.copyOf(start));
            values.put("EndPadding", List.copyOf(end));
            values.put("DimensionCount", (long) start.size());
            return Optional.of("DimensionCount " + start.size() + " for " + input.dimensionCount() + " dimensions");
        }
        TensorDataType other = input.dataType() == TensorDataType.FLOAT32 ? TensorDataType.INT32
                : TensorDataType.FLOAT32;
        values.put("PaddingValueDataType", other);
        values.put("PaddingValue", ScalarUnion.of(other, 1));
        return Optional.of("PaddingValueDataType " + other + " for " + input.dataType());
    }

    private static List<Long> longs(Object list) {
        return ((List<?>) list).stream().map(value -> ((Number) value).longValue()).toList();
    }
}
