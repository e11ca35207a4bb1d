package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.Optional;

/**
 * Where an attention's query, key and value come from: the four layouts MULTIHEAD_ATTENTION and MULTIHEAD_ATTENTION1
 * accept (docs; measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5).
 */
enum AttentionLayout {
    SEPARATE, STACKED_QUERY_KEY, STACKED_KEY_VALUE, STACKED_QUERY_KEY_VALUE;

    /** The layout the given tensors make, if any. */
    static Optional<AttentionLayout> of(ShapeCheck check) {
        boolean q = check.tensor("QueryTensor").isPresent();
        boolean k = check.tensor("KeyTensor").isPresent();
        boolean v = check.tensor("ValueTensor").isPresent();
        boolean qk = check.tensor("StackedQueryKeyTensor").isPresent();
        boolean kv = check.tensor("StackedKeyValueTensor").isPresent();
        boolean qkv = check.tensor("StackedQueryKeyValueTensor").isPresent();
        List<Boolean> given = List.of(q, k, v, qk, kv, qkv);
        if (given.equals(List.of(true, true, true, false, false, false))) {
            return Optional.of(SEPARATE);
        } else if (given.equals(List.of(false, false, true, true, false, false))) {
            return Optional.of(STACKED_QUERY_KEY);
        } else if (given.equals(List.of(true, false, false, false, true, false))) {
            return Optional.of(STACKED_KEY_VALUE);
        } else if (given.equals(List.of(false, false, false, false, false, true))) {
            return Optional.of(STACKED_QUERY_KEY_VALUE);
        }
        return Optional.empty();
    }

    /** Whether one tensor holds the query beside the key, which then has the query's head count. */
    boolean stacksQueryWithKey() {
        return this == STACKED_QUERY_KEY || this == STACKED_QUERY_KEY_VALUE;
    }
}
