package dev.dmlemu.featurelevels.support;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.SupportTable;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One "DML_FEATURE_LEVEL_x_y and above" block of a docs page.
 *
 * @param since the level in the block's title
 * @param condition when the page has tables per enum value, the values this one covers
 * @param rows one row per tensor field, in the docs' order
 */
public record DocumentedBlock(FeatureLevel since, Optional<BlockCondition> condition, List<DocumentedTensor> rows) {

    public DocumentedBlock {
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(condition, "condition");
        rows = List.copyOf(rows);
    }

    public Optional<DocumentedTensor> row(String field) {
        return rows.stream().filter(row -> row.field().equals(field)).findFirst();
    }

    /** The block as the validator's type. */
    public SupportTable toSupportTable(OperatorType type) {
        return new SupportTable(type, since, rows.stream().map(DocumentedTensor::toTensorSupport).toList());
    }
}
