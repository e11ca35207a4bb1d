package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MultiheadAttentionMaskType;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * MULTIHEAD_ATTENTION and MULTIHEAD_ATTENTION1 (docs/directml-behaviour.md §14.5): one of the four query, key and
 * value layouts, random batch, sequence lengths, past length, head counts (MULTIHEAD_ATTENTION1: a query head count
 * that is a multiple of the key/value one, equal to it when the query is stacked with the key) and head sizes; every
 * present tensor sized by the formulas behind leading 1s up to its drawn DimensionCount (QueryTensor, KeyTensor,
 * ValueTensor and OutputTensor share OutputTensor's), the past tensors both or neither, a MaskType that fits the mask's
 * drawn DimensionCount, no PastSequenceLengthsTensor. Broken probes break one rule.
 */
final class AttentionShaper extends OperatorShaper {

    private static final List<String> SOURCES = List.of("QueryTensor", "KeyTensor", "ValueTensor",
            "StackedQueryKeyTensor", "StackedKeyValueTensor", "StackedQueryKeyValueTensor");
    /** The layouts, as the sources each gives. */
    private static final List<List<String>> LAYOUTS = List.of(List.of("QueryTensor", "KeyTensor", "ValueTensor"),
            List.of("StackedQueryKeyTensor", "ValueTensor"), List.of("QueryTensor", "StackedKeyValueTensor"),
            List.of("StackedQueryKeyValueTensor"));

    private AttentionShaper(OperatorType type) {
        super(type);
    }

    static List<ProbeShaper> all() {
        return List.of(new AttentionShaper(OperatorType.MULTIHEAD_ATTENTION),
                new AttentionShaper(OperatorType.MULTIHEAD_ATTENTION1));
    }

    private boolean grouped() {
        return operatorType() == OperatorType.MULTIHEAD_ATTENTION1;
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        TensorDataType floats = ShapedValues.tensor(values, "OutputTensor").dataType();
        int layoutIndex = random.nextInt(LAYOUTS.size());
        List<String> layout = LAYOUTS.get(layoutIndex);
        boolean queryWithKey = layoutIndex == 1 || layoutIndex == 3;
        long kv = 1 + random.nextInt(2);
        long q = grouped() && !queryWithKey ? kv * (1 + random.nextInt(2)) : kv;
        long b = 1 + random.nextInt(2);
        long s = 1 + random.nextInt(3);
        long ks = queryWithKey ? s : 1 + random.nextInt(3);
        long headSize = 1 + random.nextInt(3);
        boolean stackedValue = layoutIndex >= 2;
        long valueHeadSize = stackedValue ? headSize : 1 + random.nextInt(3);
        boolean past = values.get("PastKeyTensor") instanceof BufferTensorDesc
                || values.get("PastValueTensor") instanceof BufferTensorDesc;
        long p = past ? 1 + random.nextInt(2) : 0;
        long t = p + ks;
        int rank = ShapedValues.tensor(values, "OutputTensor").sizes().size();

        for (String source : SOURCES) {
            values.put(source, TensorDesc.NULL);
        }
        put(values, floats, "QueryTensor", layout, rank, b, s, q * headSize);
        put(values, floats, "KeyTensor", layout, rank, b, ks, kv * headSize);
        put(values, floats, "ValueTensor", layout, rank, b, ks, kv * valueHeadSize);
        put(values, floats, "StackedQueryKeyTensor", layout, 5, b, s, q, 2, headSize);
        put(values, floats, "StackedKeyValueTensor", layout, 5, b, ks, kv, 2, headSize);
        put(values, floats, "StackedQueryKeyValueTensor", layout, 5, b, s, q, 3, headSize);
        resize(values, "OutputTensor", b, s, q * valueHeadSize);
        resize(values, "BiasTensor", q * headSize + kv * headSize + kv * valueHeadSize);
        resize(values, "RelativePositionBiasTensor", b, q, s, t);
        if (past) {
            for (String field : List.of("PastKeyTensor", "PastValueTensor")) {
                if (!(values.get(field) instanceof BufferTensorDesc)) {
                    values.put(field, BufferTensorDesc.packed(floats, 1, 1, 1, 1));
                }
            }
        }
        resize(values, "PastKeyTensor", b, kv, p, headSize);
        resize(values, "PastValueTensor", b, kv, p, valueHeadSize);
        resize(values, "OutputPresentKeyTensor", b, kv, t, headSize);
        resize(values, "OutputPresentValueTensor", b, kv, t, valueHeadSize);
        values.put("PastSequenceLengthsTensor", TensorDesc.NULL);
        if (values.get("MaskTensor") instanceof BufferTensorDesc mask) {
            int maskRank = mask.sizes().size();
            MultiheadAttentionMaskType maskType;
            if (maskRank >= 4) {
                maskType = MultiheadAttentionMaskType.BOOLEAN;
                resize(values, "MaskTensor", b, q, s, t);
            } else if (maskRank >= 2) {
                maskType = random.nextBoolean() ? MultiheadAttentionMaskType.KEY_SEQUENCE_LENGTH
                        : MultiheadAttentionMaskType.KEY_SEQUENCE_END_START;
                resize(values, "MaskTensor", maskType == MultiheadAttentionMaskType.KEY_SEQUENCE_LENGTH ? 1 : 2, b);
            } else {
                maskType = MultiheadAttentionMaskType.KEY_QUERY_SEQUENCE_LENGTH_START_END;
                resize(values, "MaskTensor", 3 * b + 2);
            }
            values.put("MaskType", maskType);
        } else {
            values.put("MaskType", MultiheadAttentionMaskType.values()[random.nextInt(5)]);
        }
        if (grouped()) {
            values.put("QueryHeadCount", q);
            values.put("KeyValueHeadCount", kv);
        } else {
            values.put("HeadCount", q);
        }
        values.put("Scale", 0.5f);
        values.put("MaskFilterValue", -10000f);
    }

    /** Gives {@code field}, when the layout has it, the sizes behind 1s up to {@code rank}; else NULL. */
    private static void put(Map<String, Object> values, TensorDataType type, String field, List<String> layout,
            int rank, long... sizes) {
        values.put(field, layout.contains(field) ? BufferTensorDesc.packed(type, padded(rank, sizes))
                : TensorDesc.NULL);
    }

    /** Gives the present tensor {@code field} the sizes behind 1s up to its drawn DimensionCount. */
    private static void resize(Map<String, Object> values, String field, long... sizes) {
        BufferTensorDesc tensor = ShapedValues.tensor(values, field);
        if (tensor != null) {
            values.put(field, BufferTensorDesc.packed(tensor.dataType(),
                    padded(Math.max(tensor.sizes().size(), sizes.length), sizes)));
        }
    }

    private static long[] padded(int rank, long... sizes) {
        long[] result = new long[rank];
        java.util.Arrays.fill(result, 1L);
        System.arraycopy(sizes, 0, result, rank - sizes.length, sizes.length);
        return result;
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        List<String> ways = new ArrayList<>(List.of("layout", "output"));
        for (String field : List.of("OutputPresentKeyTensor", "OutputPresentValueTensor", "RelativePositionBiasTensor",
                "BiasTensor", "PastKeyTensor", "MaskTensor")) {
            if (values.get(field) instanceof BufferTensorDesc) {
                ways.add(field);
            }
        }
        if (values.get("QueryTensor") instanceof BufferTensorDesc && rankOf(values, "OutputTensor") < 5) {
            ways.add("rank");
        }
        if (values.get("MaskTensor") instanceof BufferTensorDesc) {
            ways.add("maskNone");
        }
        if (grouped()) {
            ways.add("pastLengths");
        }
        String way = ways.get(random.nextInt(ways.size()));
        switch (way) {
            case "layout" -> {
                BufferTensorDesc output = ShapedValues.tensor(values, "OutputTensor");
                String extra = SOURCES.stream().filter(source -> !(values.get(source) instanceof BufferTensorDesc))
                        .toList().get(0);
                values.put(extra, BufferTensorDesc.packed(output.dataType(),
                        extra.startsWith("Stacked") ? padded(5, 1) : padded(output.sizes().size(), 1)));
                return Optional.of(extra + " beside the layout's tensors");
            }
            case "rank" -> {
                List<Long> output = ShapedValues.sizes(values, "OutputTensor");
                output.add(0, 1L);
                ShapedValues.resize(values, "OutputTensor", output);
                return Optional.of("OutputTensor.DimensionCount " + output.size() + ", QueryTensor's "
                        + rankOf(values, "QueryTensor"));
            }
            case "maskNone" -> {
                values.put("MaskType", MultiheadAttentionMaskType.NONE);
                return Optional.of("MaskType NONE with a MaskTensor");
            }
            case "pastLengths" -> {
                long b = ShapedValues.sizes(values, "OutputTensor").get(rankOf(values, "OutputTensor") - 3);
                values.put("PastSequenceLengthsTensor", BufferTensorDesc.packed(
                        ShapedValues.tensor(values, "OutputTensor").dataType(), b));
                return Optional.of("a PastSequenceLengthsTensor");
            }
            case "PastKeyTensor" -> {
                String dropped = random.nextBoolean() ? "PastKeyTensor" : "PastValueTensor";
                values.put(dropped, TensorDesc.NULL);
                return Optional.of(dropped + " NULL beside the other past tensor");
            }
            default -> {
                String field = way.equals("output") ? "OutputTensor" : way;
                List<Long> sizes = ShapedValues.sizes(values, field);
                int at = random.nextInt(sizes.size());
                sizes.set(at, ShapedValues.other(random, sizes.get(at)));
                ShapedValues.resize(values, field, sizes);
                return Optional.of(field + ".Sizes[" + at + "] " + sizes.get(at));
            }
        }
    }

    private static int rankOf(Map<String, Object> values, String field) {
        return ShapedValues.tensor(values, field).sizes().size();
    }
}
