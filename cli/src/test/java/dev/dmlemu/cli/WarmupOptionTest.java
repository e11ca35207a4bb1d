package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class WarmupOptionTest {

    private final WarmupOption.Converter converter = new WarmupOption.Converter();

    @Test
    void aNumberOrAuto() {
        assertEquals(new WarmupOption(WarmupOption.Mode.FIXED, 5), converter.convert("5"));
        assertEquals(new WarmupOption(WarmupOption.Mode.FIXED, -1), converter.convert("-1"));
        assertEquals(new WarmupOption(WarmupOption.Mode.UNTIL_SETTLED, WarmupOption.AUTO_LIMIT),
                converter.convert("auto"));
        TypeConversionException e = assertThrows(TypeConversionException.class, () -> converter.convert("lots"));
        assertTrue(e.getMessage().contains("'lots'"), e.getMessage());
        assertThrows(TypeConversionException.class, () -> converter.convert("Auto"));
    }

    @Test
    void aFixedCountRunsExactlyThatMany() {
        WarmupOption three = new WarmupOption(WarmupOption.Mode.FIXED, 3);
        long longQuiet = 10 * WarmupOption.SETTLED_NANOS;
        assertFalse(three.done(0, 0, 0));
        assertFalse(three.done(2, 2, longQuiet), "quiet warm-ups do not end a fixed count");
        assertTrue(three.done(3, 0, 0));
        assertTrue(WarmupOption.NONE.done(0, 0, 0));
    }

    @Test
    void autoEndsAfterFiveQuietWarmupsInARowOverHalfASecondOrAtItsLimit() {
        WarmupOption auto = WarmupOption.untilSettled();
        long quiet = WarmupOption.SETTLED_NANOS;
        assertEquals(5, WarmupOption.SETTLED_STREAK);
        assertEquals(500_000_000L, quiet);
        assertFalse(auto.done(4, 4, quiet));
        assertTrue(auto.done(5, 5, quiet));
        assertFalse(auto.done(5, 5, quiet - 1), "five quick quiet warm-ups are not enough");
        assertFalse(auto.done(40, 4, 10 * quiet));
        assertTrue(auto.done(41, 5, quiet));
        assertFalse(auto.done(WarmupOption.AUTO_LIMIT - 1, 0, 0));
        assertTrue(auto.done(WarmupOption.AUTO_LIMIT, 0, 0));
        assertEquals("auto", auto.toString());
        assertEquals("7", new WarmupOption(WarmupOption.Mode.FIXED, 7).toString());
    }
}
