package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * BATCH_NORMALIZATION and MEAN_VARIANCE_NORMALIZATION: each of the tensors that broadcast to InputTensor gets sizes of
 * its own, each 1 or the input's (the input and output share random sizes by their constraint line); the flags
 * (Spatial; CrossChannel, NormalizeVariance) either value and Epsilon edge values as well as ordinary ones, which
 * DirectML all takes (docs/directml-behaviour.md §14.5). Broken by one size of one present tensor.
 */
final class BroadcastToInputShaper extends OperatorShaper {

    private final List<String> broadcast;
    private final List<DescField> fields;

    private BroadcastToInputShaper(OperatorType type, List<String> broadcast) {
        super(type);
        this.broadcast = broadcast;
        this.fields = OperatorDescs.schema(type).orElseThrow().fields();
    }

    static List<ProbeShaper> all() {
        return List.of(new BroadcastToInputShaper(OperatorType.BATCH_NORMALIZATION,
                        List.of("MeanTensor", "VarianceTensor", "ScaleTensor", "BiasTensor")),
                new BroadcastToInputShaper(OperatorType.MEAN_VARIANCE_NORMALIZATION,
                        List.of("ScaleTensor", "BiasTensor")));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        long[] input = ProbeSizes.of((BufferTensorDesc) values.get("InputTensor"));
        for (String field : broadcast) {
            ProbeSizes.put(values, ProbeSizes.broadcastFrom(input, random), field);
        }
        for (DescField field : fields) {
            switch (field.type()) {
                case BOOL -> values.put(field.cName(), random.nextBoolean());
                case FLOAT -> values.put(field.cName(), FreeFieldsShaper.value(random));
                default -> { }
            }
        }
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        List<String> present = broadcast.stream().filter(field -> values.get(field) instanceof BufferTensorDesc)
                .toList();
        if (present.isEmpty()) {
            return Optional.empty();
        }
        long[] input = ProbeSizes.of((BufferTensorDesc) values.get("InputTensor"));
        String field = present.get(random.nextInt(present.size()));
        long[] sizes = ProbeSizes.of((BufferTensorDesc) values.get(field));
        int at = random.nextInt(sizes.length);
        sizes[at] = input[at] + 1;
        ProbeSizes.put(values, sizes, field);
        return Optional.of(field + ".Sizes[" + at + "] " + sizes[at] + " against the input's " + input[at]);
    }
}
