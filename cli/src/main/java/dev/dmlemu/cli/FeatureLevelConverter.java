package dev.dmlemu.cli;

import dev.dmlemu.desc.FeatureLevel;
import picocli.CommandLine;

/** {@code --feature-level 2_1 | 2.1 | DML_FEATURE_LEVEL_2_1}. */
final class FeatureLevelConverter implements CommandLine.ITypeConverter<FeatureLevel> {

    @Override
    public FeatureLevel convert(String value) {
        try {
            return FeatureLevel.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
