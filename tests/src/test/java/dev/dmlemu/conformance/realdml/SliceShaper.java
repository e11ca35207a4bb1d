package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * SLICE, SLICE1 and SLICE_GRAD probes: a random window per dimension of a sliced tensor of sizes 2 to 5, the slice
 * sized by the operator's formula (docs/directml-behaviour.md §14.3); broken by a stride, a window or a slice size.
 */
final class SliceShaper extends OperatorShaper {

    private final String sliced;
    private final String slice;
    private final String prefix;
    /** SLICE1 and SLICE_GRAD have signed strides; SLICE's are UINT. */
    private final boolean signed;

    private SliceShaper(OperatorType type, String sliced, String slice, String prefix, boolean signed) {
        super(type);
        this.sliced = sliced;
        this.slice = slice;
        this.prefix = prefix;
        this.signed = signed;
    }

    static SliceShaper slice() {
        return new SliceShaper(OperatorType.SLICE, "InputTensor", "OutputTensor", "", false);
    }

    static SliceShaper slice1() {
        return new SliceShaper(OperatorType.SLICE1, "InputTensor", "OutputTensor", "InputWindow", true);
    }

    static SliceShaper sliceGrad() {
        return new SliceShaper(OperatorType.SLICE_GRAD, "OutputGradientTensor", "InputGradientTensor", "InputWindow",
                true);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc whole = (BufferTensorDesc) values.get(sliced);
        int rank = (int) whole.dimensionCount();
        long[] n = new long[rank];
        long[] m = new long[rank];
        List<Long> offsets = new ArrayList<>();
        List<Long> sizes = new ArrayList<>();
        List<Long> strides = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            n[i] = 2 + random.nextInt(4);
            long stride = 1 + random.nextInt(3);
            long offset = random.nextInt((int) n[i]);
            long room = n[i] - offset;
            if (operatorType() == OperatorType.SLICE) {
                // Sizes are the output's: as many elements as fit from the offset at this stride.
                long fit = (room - 1) / stride + 1;
                sizes.add(1L + random.nextInt((int) fit));
                m[i] = sizes.get(i);
            } else {
                long window = 1 + random.nextInt((int) room);
                sizes.add(window);
                m[i] = (window + stride - 1) / stride;
                if (operatorType() == OperatorType.SLICE_GRAD) {
                    // Its gradient may run past the window, as long as it stays inside the output gradient.
                    m[i] = 1 + random.nextInt((int) ((n[i] - 1 - offset) / stride + 1));
                }
            }
            offsets.add(offset);
            strides.add(signed && random.nextBoolean() ? -stride : stride);
        }
        values.put(sliced, BufferTensorDesc.packed(whole.dataType(), n));
        values.put(slice, BufferTensorDesc.packed(((BufferTensorDesc) values.get(slice)).dataType(), m));
        putWindows(values, offsets, sizes, strides);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        BufferTensorDesc whole = (BufferTensorDesc) values.get(sliced);
        BufferTensorDesc part = (BufferTensorDesc) values.get(slice);
        List<Long> offsets = new ArrayList<>(longs(values.get(prefix + "Offsets")));
        List<Long> sizes = new ArrayList<>(longs(values.get(prefix + "Sizes")));
        List<Long> strides = new ArrayList<>(longs(values.get(prefix + "Strides")));
        int i = random.nextInt(offsets.size());
        switch (random.nextInt(4)) {
            case 0 -> {
                strides.set(i, 0L);
                putWindows(values, offsets, sizes, strides);
                return Optional.of(prefix + "Strides[" + i + "] 0");
            }
            case 1 -> {
                // Past the end: the window now ends one element after the sliced tensor.
                offsets.set(i, whole.sizes().get(i) - (operatorType() == OperatorType.SLICE ? 0 : sizes.get(i) - 1));
                putWindows(values, offsets, sizes, strides);
                return Optional.of(prefix + "Offsets[" + i + "] " + offsets.get(i) + " past the end");
            }
            case 2 -> {
                long[] m = part.sizes().stream().mapToLong(Long::longValue).toArray();
                // Larger than any of the three formulas allows: past the window, the output gradient and Sizes.
                m[i] = whole.sizes().get(i) + 1;
                values.put(slice, BufferTensorDesc.packed(part.dataType(), m));
                return Optional.of(slice + ".Sizes[" + i + "] " + m[i]);
            }
            default -> {
                offsets.add(0L);
                sizes.add(1L);
                strides.add(1L);
                putWindows(values, offsets, sizes, strides);
                return Optional.of("DimensionCount " + offsets.size() + " for " + whole.dimensionCount()
                        + " dimensions");
            }
        }
    }

    private void putWindows(Map<String, Object> values, List<Long> offsets, List<Long> sizes, List<Long> strides) {
        values.put(prefix + "Offsets", List.copyOf(offsets));
        values.put(prefix + "Sizes", List.copyOf(sizes));
        values.put(prefix + "Strides", signed ? strides.stream().map(Long::intValue).toList() : List.copyOf(strides));
        values.put("DimensionCount", (long) offsets.size());
    }

    private static List<Long> longs(Object list) {
        return ((List<?>) list).stream().map(value -> ((Number) value).longValue()).toList();
    }
}
