package dev.dmlemu.desc;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Lookups shared by every {@link DmlEnum}: by numeric code, and by name with or without the C prefix. */
public final class DmlEnums {

    private DmlEnums() {}

    /**
     * The constant of {@code type} whose {@code code()} is {@code code}.
     *
     * @throws IllegalArgumentException if no constant has that code (never a sentinel)
     */
    public static <E extends Enum<E> & DmlEnum> E fromCode(Class<E> type, int code) {
        for (E constant : type.getEnumConstants()) {
            if (constant.code() == code) {
                return constant;
            }
        }
        throw new IllegalArgumentException("unknown " + type.getSimpleName() + " code " + code
                + " (known: " + knownCodes(type) + ")");
    }

    /**
     * The constant of {@code type} named {@code text}, which may carry the C prefix
     * ({@code DML_TENSOR_DATA_TYPE_FLOAT32}) or not ({@code FLOAT32}), as DxDispatch accepts both.
     *
     * @throws IllegalArgumentException if no constant has that name
     */
    public static <E extends Enum<E> & DmlEnum> E fromName(Class<E> type, String cPrefix, String text) {
        String name = text.strip();
        String upper = name.toUpperCase(Locale.ROOT);
        String bare = upper.startsWith(cPrefix) ? upper.substring(cPrefix.length()) : upper;
        for (E constant : type.getEnumConstants()) {
            if (constant.cName().equals(upper) || constant.cName().equals(cPrefix + bare)) {
                return constant;
            }
        }
        throw new IllegalArgumentException("unknown " + type.getSimpleName() + " '" + text + "' (known: "
                + knownNames(type, cPrefix) + ")");
    }

    /** The short names of every constant, for messages: {@code FLOAT32, FLOAT16, ...}. */
    public static <E extends Enum<E> & DmlEnum> String knownNames(Class<E> type, String cPrefix) {
        return Arrays.stream(type.getEnumConstants())
                .map(c -> c.cName().substring(cPrefix.length()))
                .collect(Collectors.joining(", "));
    }

    private static <E extends Enum<E> & DmlEnum> String knownCodes(Class<E> type) {
        return Arrays.stream(type.getEnumConstants())
                .map(c -> c.cName() + "=" + c.code())
                .collect(Collectors.joining(", "));
    }
}
