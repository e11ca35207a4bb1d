package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SignalsIgnoredHereTest {

    @Test
    void aMaskBitNamesTheSignalOneAboveIt() {
        // SigIgn of a background job under nohup: SIGHUP (1), SIGINT (2), SIGQUIT (3).
        assertTrue(SignalsIgnoredHere.ignores(0x7, 2));
        assertFalse(SignalsIgnoredHere.ignores(0x5, 2));
        assertFalse(SignalsIgnoredHere.ignores(0x0, 2));
        assertTrue(SignalsIgnoredHere.ignores(0x4000, 15));
    }
}
