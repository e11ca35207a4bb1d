package dev.dmlemu.featurelevels.support;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.OperatorSupport;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything one DirectML docs page documents of an operator's tensors: its support blocks, oldest first, and its
 * cross-tensor constraints.
 *
 * @param operator the schema's operator name, without {@code DML_OPERATOR_} ({@code GEMM})
 * @param blocks the tables, oldest first within each condition; never empty
 * @param constraints the "Tensor constraints" lines that say two or more tensors share a property
 */
public record DocumentedSupport(String operator, List<DocumentedBlock> blocks, List<TensorConstraint> constraints) {

    public DocumentedSupport {
        Objects.requireNonNull(operator, "operator");
        blocks = List.copyOf(blocks);
        constraints = List.copyOf(constraints);
        if (blocks.isEmpty()) {
            throw new IllegalArgumentException(operator + ": no support table");
        }
    }

    /** The level of the oldest block: where the docs' tables start. */
    public FeatureLevel introducedIn() {
        return blocks.stream().map(DocumentedBlock::since).min(Enum::compareTo).orElseThrow();
    }

    /** True when some table applies only to some values of an enum field (REDUCE's functions). */
    public boolean isConditional() {
        return blocks.stream().anyMatch(block -> block.condition().isPresent());
    }

    /**
     * The blocks as the validator's {@link OperatorSupport}; empty for a conditional operator, whose tables the
     * validator's one-table-per-level shape cannot hold.
     */
    public Optional<OperatorSupport> toOperatorSupport(OperatorType type) {
        if (isConditional()) {
            return Optional.empty();
        }
        return Optional.of(new OperatorSupport(type, blocks.stream().map(b -> b.toSupportTable(type)).toList()));
    }

    /** The conditions of a conditional operator's tables, in the data's order (REDUCE's groups of functions). */
    public List<BlockCondition> conditions() {
        return blocks.stream().flatMap(block -> block.condition().stream()).distinct().toList();
    }

    /** The blocks that apply when {@code condition} holds, as the validator's {@link OperatorSupport}. */
    public OperatorSupport toOperatorSupport(OperatorType type, BlockCondition condition) {
        return new OperatorSupport(type, blocks.stream().filter(b -> b.condition().equals(Optional.of(condition)))
                .map(b -> b.toSupportTable(type)).toList());
    }

    /**
     * The block that applies at {@code level} when the desc's enum field holds {@code constant} (its C name): the
     * unconditional one, or the newest of the condition naming the constant; empty below the first.
     */
    public Optional<DocumentedBlock> forLevel(FeatureLevel level, String constant) {
        DocumentedBlock found = null;
        for (DocumentedBlock block : blocks) {
            boolean applies = block.condition().map(c -> c.constants().contains(constant)).orElse(true);
            if (applies && level.isAtLeast(block.since())) {
                found = block;
            }
        }
        return Optional.ofNullable(found);
    }

    /** The unconditional block that applies at {@code level}; empty below the first or for a conditional operator. */
    public Optional<DocumentedBlock> forLevel(FeatureLevel level) {
        if (isConditional()) {
            return Optional.empty();
        }
        DocumentedBlock found = null;
        for (DocumentedBlock block : blocks) {
            if (level.isAtLeast(block.since())) {
                found = block;
            }
        }
        return Optional.ofNullable(found);
    }
}
