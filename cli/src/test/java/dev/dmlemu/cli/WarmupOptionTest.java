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
        assertFalse(three.done(0, 0));
        assertFalse(three.done(2, 2), "quiet warm-ups do not end a fixed count");
        assertTrue(three.done(3, 0));
        assertTrue(WarmupOption.NONE.done(0, 0));
    }

    @Test
    void autoEndsAfterFiveQuietWarmupsInARowOrAtItsLimit() {
        WarmupOption auto = WarmupOption.untilSettled();
        assertEquals(5, WarmupOption.SETTLED_STREAK);
        assertFalse(auto.done(4, 4));
        assertTrue(auto.done(5, 5));
        assertFalse(auto.done(40, 4));
        assertTrue(auto.done(41, 5));
        assertFalse(auto.done(WarmupOption.AUTO_LIMIT - 1, 0));
        assertTrue(auto.done(WarmupOption.AUTO_LIMIT, 0));
        assertEquals("auto", auto.toString());
        assertEquals("7", new WarmupOption(WarmupOption.Mode.FIXED, 7).toString());
    }
}
