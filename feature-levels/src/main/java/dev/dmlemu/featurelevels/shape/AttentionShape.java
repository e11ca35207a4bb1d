package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MultiheadAttentionMaskType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tensor shapes of MULTIHEAD_ATTENTION and MULTIHEAD_ATTENTION1 as DirectML.dll 1.15.4 checks them (measured,
 * docs/directml-behaviour.md §14.5), for {@code q} query heads and {@code kv} key/value heads (both HeadCount for
 * MULTIHEAD_ATTENTION), B the batch, S the query and KS the key sequence length, P the past one, T = P + KS:
 *
 * <ul>
 * <li>the query, key and value come from one {@link AttentionLayout}; QueryTensor, KeyTensor, ValueTensor and
 * OutputTensor share one DimensionCount, and sizes before their last three are 1;</li>
 * <li>QueryTensor {@code [B, S, Hq]}, KeyTensor {@code [B, KS, kv * hk]}, ValueTensor {@code [B, KS, kv * hv]}, the
 * stacked ones {@code [B, S or KS, heads, 2 or 3, head size]}; the query's head size {@code Hq / q} (rounded down)
 * is the key's;</li>
 * <li>OutputTensor {@code [B, S, q * hv]}; PastKeyTensor and PastValueTensor together, {@code [B, kv, P, hk]} and
 * {@code [B, kv, P, hv]}; OutputPresentKeyTensor and OutputPresentValueTensor each {@code [B, kv, T, hk or hv]};
 * RelativePositionBiasTensor {@code [B, q, S, T]}; BiasTensor the query's, key's and value's hidden sizes added;
 * MaskTensor absent with MaskType NONE, else by MaskType; each of these with leading 1s allowed;</li>
 * <li>PastSequenceLengthsTensor absent: DirectML refuses every FLOAT32 one the docs table allows.</li>
 * </ul>
 */
final class AttentionShape {

    /** Batch, sequence lengths and head sizes, with the three hidden sizes a BiasTensor adds. */
    private record Dimensions(long batch, long sequence, long keySequence, long keyHeadSize, long valueHeadSize,
            long biasSize) {}

    private AttentionShape() {}

    /** Reports every rule the desc's tensors break for {@code q} and {@code kv} heads (both at least 1). */
    static void check(ShapeCheck check, long q, long kv, MultiheadAttentionMaskType maskType) {
        Optional<AttentionLayout> found = AttentionLayout.of(check);
        if (found.isEmpty()) {
            check.report(RuleId.ATTENTION_LAYOUT_INVALID, "QueryTensor", "the query, key and value tensors given "
                    + "are not QueryTensor, KeyTensor and ValueTensor, StackedQueryKeyTensor and ValueTensor, "
                    + "QueryTensor and StackedKeyValueTensor, or StackedQueryKeyValueTensor alone");
            return;
        }
        AttentionLayout layout = found.get();
        if (layout.stacksQueryWithKey() && q != kv) {
            check.report(RuleId.FIELD_VALUE_UNSUPPORTED, "KeyValueHeadCount", kv + " but a stacked query and key "
                    + "need the query's head count, " + q);
            return;
        }
        if (q % kv != 0) {
            check.report(RuleId.FIELD_VALUE_UNSUPPORTED, "QueryHeadCount", q + " is not a multiple of "
                    + "KeyValueHeadCount " + kv);
            return;
        }
        check.tensor("PastSequenceLengthsTensor").ifPresent(lengths -> check.report(RuleId.DATA_TYPE_UNSUPPORTED,
                "PastSequenceLengthsTensor.DataType", lengths.dataType().cName() + ": DirectML refuses every "
                        + "FLOAT32 PastSequenceLengthsTensor, which is all its documented table allows"));
        Optional<Dimensions> dimensions = dimensions(check, layout, q, kv);
        if (dimensions.isEmpty()) {
            return;
        }
        Dimensions d = dimensions.get();
        expect(check, RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor", d.batch(), d.sequence(),
                times(q, d.valueHeadSize()));
        long past = 0;
        Optional<BufferTensorDesc> pastKey = check.tensor("PastKeyTensor");
        Optional<BufferTensorDesc> pastValue = check.tensor("PastValueTensor");
        if (pastKey.isPresent() != pastValue.isPresent()) {
            check.report(RuleId.REQUIRED_TENSOR_MISSING, pastKey.isPresent() ? "PastValueTensor" : "PastKeyTensor",
                    "NULL, but the other past tensor is given: they come together");
        } else if (pastKey.isPresent()) {
            List<Long> key = pastKey.get().sizes();
            past = key.get(key.size() - 2);
            expect(check, RuleId.SIZES_MISMATCH, "PastKeyTensor", d.batch(), kv, past, d.keyHeadSize());
            expect(check, RuleId.SIZES_MISMATCH, "PastValueTensor", d.batch(), kv, past, d.valueHeadSize());
        }
        long total = past + d.keySequence();
        expect(check, RuleId.OUTPUT_SIZES_MISMATCH, "OutputPresentKeyTensor", d.batch(), kv, total, d.keyHeadSize());
        expect(check, RuleId.OUTPUT_SIZES_MISMATCH, "OutputPresentValueTensor", d.batch(), kv, total,
                d.valueHeadSize());
        expect(check, RuleId.SIZES_MISMATCH, "RelativePositionBiasTensor", d.batch(), q, d.sequence(), total);
        expect(check, RuleId.SIZES_MISMATCH, "BiasTensor", d.biasSize());
        if (check.tensor("MaskTensor").isPresent()) {
            long b = d.batch();
            switch (maskType) {
                case NONE -> check.report(RuleId.FIELD_VALUE_UNSUPPORTED, "MaskType",
                        "DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE with a MaskTensor");
                case KEY_SEQUENCE_LENGTH -> expect(check, RuleId.SIZES_MISMATCH, "MaskTensor", 1, b);
                case KEY_SEQUENCE_END_START -> expect(check, RuleId.SIZES_MISMATCH, "MaskTensor", 2, b);
                case KEY_QUERY_SEQUENCE_LENGTH_START_END -> expect(check, RuleId.SIZES_MISMATCH, "MaskTensor",
                        times(3, b) + 2);
                case BOOLEAN -> expect(check, RuleId.SIZES_MISMATCH, "MaskTensor", b, q, d.sequence(), total);
            }
        }
    }

    /** The dimensions the query, key and value give, or empty after reporting why they give none. */
    private static Optional<Dimensions> dimensions(ShapeCheck check, AttentionLayout layout, long q, long kv) {
        int rank = -1;
        for (String field : List.of("QueryTensor", "KeyTensor", "ValueTensor", "OutputTensor")) {
            Optional<BufferTensorDesc> tensor = check.tensor(field);
            if (tensor.isPresent() && rank >= 0 && tensor.get().sizes().size() != rank) {
                check.report(RuleId.DIMENSION_COUNT_MISMATCH, field + ".DimensionCount", tensor.get().sizes().size()
                        + " but QueryTensor, KeyTensor, ValueTensor and OutputTensor share one DimensionCount, "
                        + rank);
                return Optional.empty();
            }
            rank = tensor.map(t -> t.sizes().size()).orElse(rank);
        }
        List<Long> query = last3(check, "QueryTensor");
        List<Long> key = last3(check, "KeyTensor");
        List<Long> value = last3(check, "ValueTensor");
        if (query == null || key == null || value == null || last3(check, "OutputTensor") == null) {
            return Optional.empty();
        }
        long b;
        long s;
        long ks;
        long queryHeadSize;
        long keyHeadSize;
        long valueHeadSize;
        switch (layout) {
            case SEPARATE -> {
                b = query.get(0);
                s = query.get(1);
                ks = key.get(1);
                queryHeadSize = query.get(2) / q;
                keyHeadSize = split(check, "KeyTensor", key.get(2), kv);
                valueHeadSize = split(check, "ValueTensor", value.get(2), kv);
            }
            case STACKED_QUERY_KEY -> {
                List<Long> stacked = check.required("StackedQueryKeyTensor").sizes();
                b = stacked.get(0);
                s = stacked.get(1);
                ks = s;
                queryHeadSize = stacked.get(4);
                keyHeadSize = stacked.get(4);
                valueHeadSize = split(check, "ValueTensor", value.get(2), kv);
                stackedHeads(check, "StackedQueryKeyTensor", stacked, q, 2);
            }
            case STACKED_KEY_VALUE -> {
                List<Long> stacked = check.required("StackedKeyValueTensor").sizes();
                b = query.get(0);
                s = query.get(1);
                ks = stacked.get(1);
                queryHeadSize = query.get(2) / q;
                keyHeadSize = stacked.get(4);
                valueHeadSize = stacked.get(4);
                if (stacked.get(0) != b) {
                    check.report(RuleId.SIZES_MISMATCH, "StackedKeyValueTensor.Sizes", "Sizes[0] "
                            + stacked.get(0) + " must be the query's batch, " + b);
                }
                stackedHeads(check, "StackedKeyValueTensor", stacked, kv, 2);
            }
            default -> {
                List<Long> stacked = check.required("StackedQueryKeyValueTensor").sizes();
                b = stacked.get(0);
                s = stacked.get(1);
                ks = s;
                queryHeadSize = stacked.get(4);
                keyHeadSize = stacked.get(4);
                valueHeadSize = stacked.get(4);
                stackedHeads(check, "StackedQueryKeyValueTensor", stacked, q, 3);
            }
        }
        if (layout == AttentionLayout.SEPARATE && key.get(0) != b) {
            check.report(RuleId.SIZES_MISMATCH, "KeyTensor.Sizes", "batch " + key.get(0) + " must be the query's, "
                    + b);
        }
        if (!value.isEmpty() && (value.get(0) != b || value.get(1) != ks)) {
            check.report(RuleId.SIZES_MISMATCH, "ValueTensor.Sizes", "batch and sequence length " + value.subList(0, 2)
                    + " must be the query's batch and the key's sequence length, [" + b + ", " + ks + "]");
        }
        if (queryHeadSize != keyHeadSize) {
            check.report(RuleId.ATTENTION_HEAD_SIZES_MISMATCH, "QueryTensor.Sizes", "the query's head size "
                    + queryHeadSize + " is not the key's, " + keyHeadSize);
        }
        long queryHidden = layout.stacksQueryWithKey() ? times(q, queryHeadSize) : query.get(2);
        long keyHidden = layout == AttentionLayout.SEPARATE ? key.get(2) : times(kv, keyHeadSize);
        long valueHidden = check.tensor("ValueTensor").isPresent() ? value.get(2) : times(kv, valueHeadSize);
        return Optional.of(new Dimensions(b, s, ks, keyHeadSize, valueHeadSize,
                queryHidden < 0 || keyHidden < 0 || valueHidden < 0 ? -1 : queryHidden + keyHidden + valueHidden));
    }

    /**
     * The last three sizes of {@code field}, an empty list when it is absent, or null after reporting sizes before
     * them that are not 1.
     */
    private static List<Long> last3(ShapeCheck check, String field) {
        Optional<BufferTensorDesc> tensor = check.tensor(field);
        if (tensor.isEmpty()) {
            return List.of();
        }
        List<Long> sizes = tensor.get().sizes();
        if (!leadingOnes(sizes, 3)) {
            check.report(RuleId.SIZES_MISMATCH, field + ".Sizes", "Sizes " + sizes + " must be 1s before the "
                    + "last three");
            return null;
        }
        return sizes.subList(sizes.size() - 3, sizes.size());
    }

    /** The head size {@code hidden / heads}, reporting a hidden size that is not a multiple of the heads. */
    private static long split(ShapeCheck check, String field, long hidden, long heads) {
        if (hidden % heads != 0) {
            check.report(RuleId.ATTENTION_HEAD_SIZES_MISMATCH, field + ".Sizes", "the hidden size " + hidden
                    + " is not a multiple of the " + heads + " key/value heads");
        }
        return hidden / heads;
    }

    /** Reports a stacked tensor whose head count or stack count is not {@code heads} and {@code stacked}. */
    private static void stackedHeads(ShapeCheck check, String field, List<Long> sizes, long heads, long stacked) {
        if (sizes.get(2) != heads || sizes.get(3) != stacked) {
            check.report(RuleId.SIZES_MISMATCH, field + ".Sizes", "Sizes[2] and Sizes[3] " + sizes.subList(2, 4)
                    + " must be the head count and the stack count, [" + heads + ", " + stacked + "]");
        }
    }

    /** Reports {@code field}, when given, unless its sizes are 1s followed by {@code expected}. */
    private static void expect(ShapeCheck check, RuleId rule, String field, long... expected) {
        check.tensor(field).ifPresent(tensor -> {
            List<Long> sizes = tensor.sizes();
            List<Long> tail = new ArrayList<>();
            for (long size : expected) {
                tail.add(size);
            }
            if (!leadingOnes(sizes, expected.length)
                    || !sizes.subList(sizes.size() - expected.length, sizes.size()).equals(tail)) {
                check.report(rule, field + ".Sizes", "Sizes " + sizes + " must be " + tail + ", with leading 1s "
                        + "allowed");
            }
        });
    }

    /** Whether {@code sizes} has at least {@code kept} entries and every one before the last {@code kept} is 1. */
    private static boolean leadingOnes(List<Long> sizes, int kept) {
        if (sizes.size() < kept) {
            return false;
        }
        for (int i = 0; i < sizes.size() - kept; i++) {
            if (sizes.get(i) != 1L) {
                return false;
            }
        }
        return true;
    }

    /** The product of two non-negative longs, or -1 (no size) when it leaves the long range. */
    private static long times(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException overflow) {
            return -1;
        }
    }
}
