package dev.dmlemu.cli;

import java.util.Arrays;
import java.util.stream.Collectors;
import picocli.CommandLine;

/** Parses option values for enums whose {@code toString()} is their command-line spelling ({@code clamp-axis}). */
final class SpelledOptions {

    private SpelledOptions() {}

    /**
     * The constant spelled {@code value} (or named so, case-insensitively).
     *
     * @throws CommandLine.TypeConversionException listing the spellings, e.g. "'x' is not a frontend (onnx-13, ...)"
     */
    static <E extends Enum<E>> E parse(Class<E> type, String value, String what) {
        for (E constant : type.getEnumConstants()) {
            if (constant.toString().equalsIgnoreCase(value) || constant.name().equalsIgnoreCase(value)) {
                return constant;
            }
        }
        throw new CommandLine.TypeConversionException("'" + value + "' is not " + what + " ("
                + Arrays.stream(type.getEnumConstants()).map(Object::toString).collect(Collectors.joining(", ")) + ")");
    }
}
