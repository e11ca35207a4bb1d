package dev.dmlemu.desc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code DML_FEATURE_LEVEL}: each value is {@code 0xMN00} for level M_N (the docs page that shows bare names after
 * 3_0 reads as auto-increment; the header is authoritative). Levels are strict supersets of each other, so the
 * Java order (by code) is the order of capability; {@link #isAtLeast}, {@link #isBelow}, {@link #max} and
 * {@link #range} compare by code.
 */
public enum FeatureLevel implements DmlEnum {
    LEVEL_1_0(0x1000),
    LEVEL_2_0(0x2000),
    LEVEL_2_1(0x2100),
    LEVEL_3_0(0x3000),
    LEVEL_3_1(0x3100),
    LEVEL_4_0(0x4000),
    LEVEL_4_1(0x4100),
    LEVEL_5_0(0x5000),
    LEVEL_5_1(0x5100),
    LEVEL_5_2(0x5200),
    LEVEL_6_0(0x6000),
    LEVEL_6_1(0x6100),
    LEVEL_6_2(0x6200),
    LEVEL_6_3(0x6300),
    LEVEL_6_4(0x6400);

    public static final String C_PREFIX = "DML_FEATURE_LEVEL_";

    private final int code;

    FeatureLevel(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    /** {@code DML_FEATURE_LEVEL_2_1}, as DirectML's docs and debug layer spell it. */
    @Override
    public String cName() {
        return C_PREFIX + shortName();
    }

    /** {@code 2_1}. */
    public String shortName() {
        return name().substring("LEVEL_".length());
    }

    /** The newest level this project knows (the level of DirectML 1.15). */
    public static FeatureLevel newest() {
        return LEVEL_6_4;
    }

    /** The oldest level ({@code DML_FEATURE_LEVEL_1_0}). */
    public static FeatureLevel oldest() {
        return LEVEL_1_0;
    }

    /** {@code this >= other}. */
    public boolean isAtLeast(FeatureLevel other) {
        return code >= other.code;
    }

    /** {@code this > other}. */
    public boolean isAbove(FeatureLevel other) {
        return code > other.code;
    }

    /** {@code this <= other}. */
    public boolean isAtMost(FeatureLevel other) {
        return code <= other.code;
    }

    /** {@code this < other}. */
    public boolean isBelow(FeatureLevel other) {
        return code < other.code;
    }

    /** The next newer level, empty for {@link #newest()}. */
    public Optional<FeatureLevel> next() {
        FeatureLevel[] all = values();
        return ordinal() + 1 < all.length ? Optional.of(all[ordinal() + 1]) : Optional.empty();
    }

    /** The next older level, empty for {@link #oldest()}. */
    public Optional<FeatureLevel> previous() {
        return ordinal() > 0 ? Optional.of(values()[ordinal() - 1]) : Optional.empty();
    }

    /** The newer of two levels. */
    public static FeatureLevel max(FeatureLevel a, FeatureLevel b) {
        return a.code >= b.code ? a : b;
    }

    /** The older of two levels. */
    public static FeatureLevel min(FeatureLevel a, FeatureLevel b) {
        return a.code <= b.code ? a : b;
    }

    /** Every level from {@code from} to {@code to}, both included, oldest first (empty if {@code from > to}). */
    public static List<FeatureLevel> range(FeatureLevel from, FeatureLevel to) {
        List<FeatureLevel> levels = new ArrayList<>();
        for (FeatureLevel level : values()) {
            if (level.isAtLeast(from) && level.isAtMost(to)) {
                levels.add(level);
            }
        }
        return List.copyOf(levels);
    }

    public static FeatureLevel fromCode(int code) {
        return DmlEnums.fromCode(FeatureLevel.class, code);
    }

    /**
     * Parses {@code 2_1}, {@code 2.1}, {@code LEVEL_2_1} or {@code DML_FEATURE_LEVEL_2_1} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the accepted spellings and the known levels
     */
    public static FeatureLevel parse(String text) {
        String upper = text.strip().toUpperCase(Locale.ROOT);
        String bare = upper.startsWith(C_PREFIX) ? upper.substring(C_PREFIX.length())
                : upper.startsWith("LEVEL_") ? upper.substring("LEVEL_".length()) : upper;
        bare = bare.replace('.', '_');
        for (FeatureLevel level : values()) {
            if (level.shortName().equals(bare)) {
                return level;
            }
        }
        throw new IllegalArgumentException("unknown feature level '" + text + "' (write 2_1, 2.1 or "
                + "DML_FEATURE_LEVEL_2_1; known: " + DmlEnums.knownNames(FeatureLevel.class, C_PREFIX) + ")");
    }
}
