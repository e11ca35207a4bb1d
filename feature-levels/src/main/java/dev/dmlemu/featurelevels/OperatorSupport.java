package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Every tensor-support block of one operator, oldest first. The block for a level is the newest one whose
 * {@link SupportTable#since()} is at or below it; below the first block the operator does not exist.
 *
 * @param operatorType the operator
 * @param blocks the tables, in increasing {@code since} order; the first one's {@code since} is the level that
 *     introduced the operator
 */
public record OperatorSupport(OperatorType operatorType, List<SupportTable> blocks) {

    public OperatorSupport {
        Objects.requireNonNull(operatorType, "operatorType");
        blocks = List.copyOf(blocks);
        if (blocks.isEmpty()) {
            throw new IllegalArgumentException(operatorType.cName() + ": no support table");
        }
        for (int i = 0; i < blocks.size(); i++) {
            if (blocks.get(i).operatorType() != operatorType) {
                throw new IllegalArgumentException("block " + i + " is for " + blocks.get(i).operatorType());
            }
            if (i > 0 && !blocks.get(i).since().isAbove(blocks.get(i - 1).since())) {
                throw new IllegalArgumentException("blocks must be in increasing feature-level order");
            }
        }
    }

    /** The level that introduced the operator. */
    public FeatureLevel introducedIn() {
        return blocks.get(0).since();
    }

    /** The table that applies at {@code level}; empty when the operator does not exist there. */
    public Optional<SupportTable> forLevel(FeatureLevel level) {
        for (int i = blocks.size() - 1; i >= 0; i--) {
            if (level.isAtLeast(blocks.get(i).since())) {
                return Optional.of(blocks.get(i));
            }
        }
        return Optional.empty();
    }

    /** The lowest level whose table lists {@code dataType} for {@code field}. */
    public Optional<FeatureLevel> lowestLevelSupporting(String field, TensorDataType dataType) {
        for (SupportTable block : blocks) {
            Optional<TensorSupport> row = block.tensor(field);
            if (row.isPresent() && row.get().supports(dataType)) {
                return Optional.of(block.since());
            }
        }
        return Optional.empty();
    }

    /** The lowest level whose table lists {@code dimensionCount} for {@code field}. */
    public Optional<FeatureLevel> lowestLevelSupportingDimensionCount(String field, long dimensionCount) {
        for (SupportTable block : blocks) {
            Optional<TensorSupport> row = block.tensor(field);
            if (row.isPresent() && row.get().supportsDimensionCount(dimensionCount)) {
                return Optional.of(block.since());
            }
        }
        return Optional.empty();
    }
}
