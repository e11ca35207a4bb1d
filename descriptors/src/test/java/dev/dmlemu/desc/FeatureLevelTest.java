package dev.dmlemu.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Codes from directml.h (every value is 0xMN00), parsing, and ordering. */
class FeatureLevelTest {

    @Test
    void codesAreTheHeaderValues() {
        int[] codes = {0x1000, 0x2000, 0x2100, 0x3000, 0x3100, 0x4000, 0x4100, 0x5000, 0x5100, 0x5200, 0x6000,
            0x6100, 0x6200, 0x6300, 0x6400};
        FeatureLevel[] levels = FeatureLevel.values();
        assertEquals(codes.length, levels.length);
        for (int i = 0; i < codes.length; i++) {
            assertEquals(codes[i], levels[i].code());
            assertEquals(levels[i], FeatureLevel.fromCode(codes[i]));
        }
        assertThrows(IllegalArgumentException.class, () -> FeatureLevel.fromCode(0x3001));
        assertEquals("DML_FEATURE_LEVEL_2_1", FeatureLevel.LEVEL_2_1.cName());
    }

    @Test
    void parsesEverySpelling() {
        for (String text : List.of("2_1", "2.1", "DML_FEATURE_LEVEL_2_1", "dml_feature_level_2_1", "LEVEL_2_1")) {
            assertEquals(FeatureLevel.LEVEL_2_1, FeatureLevel.parse(text), text);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FeatureLevel.parse("7_0"));
        assertTrue(e.getMessage().contains("known: 1_0"), e.getMessage());
    }

    @Test
    void orderingHelpers() {
        assertTrue(FeatureLevel.LEVEL_3_0.isAtLeast(FeatureLevel.LEVEL_2_1));
        assertTrue(FeatureLevel.LEVEL_3_0.isAtLeast(FeatureLevel.LEVEL_3_0));
        assertTrue(FeatureLevel.LEVEL_3_0.isAbove(FeatureLevel.LEVEL_2_1));
        assertFalse(FeatureLevel.LEVEL_3_0.isAbove(FeatureLevel.LEVEL_3_0));
        assertTrue(FeatureLevel.LEVEL_2_1.isBelow(FeatureLevel.LEVEL_3_0));
        assertTrue(FeatureLevel.LEVEL_2_1.isAtMost(FeatureLevel.LEVEL_2_1));
        assertEquals(FeatureLevel.LEVEL_4_1, FeatureLevel.max(FeatureLevel.LEVEL_4_1, FeatureLevel.LEVEL_3_1));
        assertEquals(FeatureLevel.LEVEL_3_1, FeatureLevel.min(FeatureLevel.LEVEL_4_1, FeatureLevel.LEVEL_3_1));
        assertEquals(Optional.of(FeatureLevel.LEVEL_3_0), FeatureLevel.LEVEL_2_1.next());
        assertEquals(Optional.empty(), FeatureLevel.LEVEL_6_4.next());
        assertEquals(Optional.of(FeatureLevel.LEVEL_5_2), FeatureLevel.LEVEL_6_0.previous());
        assertEquals(Optional.empty(), FeatureLevel.LEVEL_1_0.previous());
        assertEquals(FeatureLevel.LEVEL_1_0, FeatureLevel.oldest());
        assertEquals(FeatureLevel.LEVEL_6_4, FeatureLevel.newest());
        assertEquals(List.of(FeatureLevel.LEVEL_3_0, FeatureLevel.LEVEL_3_1, FeatureLevel.LEVEL_4_0),
                FeatureLevel.range(FeatureLevel.LEVEL_3_0, FeatureLevel.LEVEL_4_0));
        assertEquals(List.of(), FeatureLevel.range(FeatureLevel.LEVEL_4_0, FeatureLevel.LEVEL_3_0));
    }
}
