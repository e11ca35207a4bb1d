package dev.dmlemu.featurelevels.support;

import java.util.Objects;

/**
 * An operator the data holds no tables for, and why (a {@code no-table} line).
 *
 * @param operator the schema's operator name
 * @param reason why, in the data's words
 */
public record MissingTables(String operator, String reason) {

    public MissingTables {
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(reason, "reason");
    }
}
