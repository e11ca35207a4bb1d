package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * FOLD's and UNFOLD's probes (docs/directml-behaviour.md §14.4): the spatial tensor keeps its drawn rank (3 to 8) with
 * sizes 1 to 4 around random windows (sizes 1 to 3, 1 or 2 past four spatial dimensions; strides and dilations 1 or
 * 2; paddings 0 to 2), the block tensor is the 3-D {@code [N, C * prod(WindowSizes), prod(blocks)]} they give, of the
 * spatial tensor's data type. Broken: a block size off by one, a window size or stride of 0, a window larger
 * than the padded input, DimensionCount off by one, or another data type for the block tensor.
 */
final class FoldProbeShaper extends OperatorShaper {

    private static final List<String> ARRAYS = List.of("WindowSizes", "Strides", "Dilations", "StartPadding",
            "EndPadding");

    private final String spatialField;
    private final String blockField;

    private FoldProbeShaper(OperatorType type, String spatialField, String blockField) {
        super(type);
        this.spatialField = spatialField;
        this.blockField = blockField;
    }

    static List<ProbeShaper> all() {
        return List.of(new FoldProbeShaper(OperatorType.FOLD, "OutputTensor", "InputTensor"),
                new FoldProbeShaper(OperatorType.UNFOLD, "InputTensor", "OutputTensor"));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc spatial = ShapedValues.tensor(values, spatialField);
        int count = (int) spatial.dimensionCount() - 2;
        List<Long> sizes = new ArrayList<>(List.of(1L + random.nextInt(2), 1L + random.nextInt(3)));
        List<List<Long>> arrays = new ArrayList<>();
        ARRAYS.forEach(name -> arrays.add(new ArrayList<>()));
        long windowElements = 1;
        long blocks = 1;
        for (int d = 0; d < count; d++) {
            long window = 1 + random.nextInt(count > 4 ? 2 : 3);
            long stride = 1 + random.nextInt(2);
            long dilation = 1 + random.nextInt(2);
            long start = random.nextInt(3);
            long end = random.nextInt(3);
            long extent = dilation * (window - 1) + 1;
            long size = Math.max(1, extent - start - end) + random.nextInt(count > 4 ? 2 : 3);
            sizes.add(size);
            List<Long> fields = List.of(window, stride, dilation, start, end);
            for (int a = 0; a < ARRAYS.size(); a++) {
                arrays.get(a).add(fields.get(a));
            }
            windowElements *= window;
            blocks *= (size + start + end - extent) / stride + 1;
        }
        values.put(spatialField, BufferTensorDesc.packed(spatial.dataType(),
                sizes.stream().mapToLong(Long::longValue).toArray()));
        values.put(blockField, BufferTensorDesc.packed(spatial.dataType(), sizes.get(0), sizes.get(1) * windowElements,
                blocks));
        putArrays(values, arrays);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        List<Long> blocks = ShapedValues.sizes(values, blockField);
        switch (random.nextInt(5)) {
            case 0 -> {
                int at = random.nextInt(3);
                blocks.set(at, blocks.get(at) + 1);
                ShapedValues.resize(values, blockField, blocks);
                return Optional.of(blockField + ".Sizes[" + at + "] " + blocks.get(at));
            }
            case 1 -> {
                // A dilation of 0 is accepted (§14.4): only a window size or stride breaks the rule.
                String field = ARRAYS.get(random.nextInt(2));
                List<Long> array = new ArrayList<>(longs(values.get(field)));
                int at = random.nextInt(array.size());
                array.set(at, 0L);
                values.put(field, List.copyOf(array));
                return Optional.of(field + "[" + at + "] 0");
            }
            case 2 -> {
                List<Long> sizes = ShapedValues.sizes(values, spatialField);
                List<Long> window = new ArrayList<>(longs(values.get("WindowSizes")));
                window.set(0, sizes.get(2) + 3);
                values.put("WindowSizes", List.copyOf(window));
                values.put("StartPadding", zeros(window.size()));
                values.put("EndPadding", zeros(window.size()));
                return Optional.of("WindowSizes[0] " + window.get(0) + " past a spatial size of " + sizes.get(2));
            }
            case 3 -> {
                long count = (Long) values.get("DimensionCount");
                int broken = (int) (count > 1 && random.nextBoolean() ? count - 1 : count + 1);
                List<List<Long>> arrays = new ArrayList<>();
                for (String name : ARRAYS) {
                    List<Long> array = new ArrayList<>(longs(values.get(name)));
                    while (array.size() < broken) {
                        array.add(name.endsWith("Padding") ? 0L : 1L);
                    }
                    arrays.add(array.subList(0, broken));
                }
                putArrays(values, arrays);
                return Optional.of("DimensionCount " + broken + " for " + count + " spatial dimensions");
            }
            default -> {
                BufferTensorDesc block = ShapedValues.tensor(values, blockField);
                TensorDataType other = block.dataType() == TensorDataType.FLOAT32 ? TensorDataType.INT32
                        : TensorDataType.FLOAT32;
                values.put(blockField, BufferTensorDesc.packed(other, blocks.stream().mapToLong(Long::longValue)
                        .toArray()));
                return Optional.of(blockField + ".DataType " + other);
            }
        }
    }

    private static void putArrays(Map<String, Object> values, List<List<Long>> arrays) {
        for (int a = 0; a < ARRAYS.size(); a++) {
            values.put(ARRAYS.get(a), List.copyOf(arrays.get(a)));
        }
        values.put("DimensionCount", (long) arrays.get(0).size());
    }

    private static List<Long> zeros(int count) {
        return java.util.Collections.nCopies(count, 0L);
    }

    @SuppressWarnings("unchecked")
    private static List<Long> longs(Object list) {
        return (List<Long>) list;
    }
}
