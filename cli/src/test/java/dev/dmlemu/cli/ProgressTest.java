package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** When the progress line appears, with the terminal check and the clock given by the test. */
class ProgressTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000_000L);
    private final StringWriter text = new StringWriter();

    private Progress progress(boolean terminal, boolean json) {
        return new Progress(new PrintWriter(text), now::get, Progress.shows(terminal, json), false);
    }

    @Test
    void onlyATerminalWithoutJsonShowsProgress() {
        assertTrue(Progress.shows(true, false));
        assertFalse(Progress.shows(false, false), "a pipe or a log gets no progress line");
        assertFalse(Progress.shows(true, true), "--json keeps stderr quiet");
        assertFalse(Progress.shows(false, true));
    }

    @Test
    void aRunShorterThanTwoSecondsPrintsNothing() {
        Progress progress = progress(true, false);
        progress.at(1, 2, "gnd", "commands[0]", 1, 1);
        now.addAndGet(1_999_999_999L);
        progress.tick();
        progress.close();
        assertEquals("", text.toString());
    }

    @Test
    void aLongRunShowsTheDispatchAndTheSecondsAndClearsTheLineAtTheEnd() {
        Progress progress = progress(true, false);
        progress.at(3, 10, "gnd", "commands[5]", 2, 5);
        now.addAndGet(14_200_000_000L);
        progress.tick();
        assertEquals("\rdmlemu: dispatch 3 of 10 ('gnd', commands[5]), execution 2 of 5, 14 s", text.toString());
        progress.at(4, 10, "g", "commands[6]", 1, 1);
        now.addAndGet(1_000_000_000L);
        progress.tick();
        // The shorter line covers the rest of the longer one with spaces.
        String second = "\rdmlemu: dispatch 4 of 10 ('g', commands[6]), 15 s";
        int longer = "dmlemu: dispatch 3 of 10 ('gnd', commands[5]), execution 2 of 5, 14 s".length();
        assertTrue(text.toString().endsWith(second + " ".repeat(longer - second.length() + 1)), text.toString());
        progress.close();
        assertTrue(text.toString().endsWith("\r" + " ".repeat(longer) + "\r"), "the line is erased");
    }

    @Test
    void notATerminalOrJsonPrintsNothingHoweverLong() {
        for (Progress progress : new Progress[] {progress(false, false), progress(true, true)}) {
            progress.at(1, 1, "gnd", "commands[0]", 1, 1);
            now.addAndGet(3_600_000_000_000L);
            progress.tick();
            progress.close();
        }
        assertEquals("", text.toString());
    }

    @Test
    void anInProcessRunIsNeverATerminal() {
        assertFalse(StderrTerminal.isTerminal(), "tests run in-process and print to their own streams");
    }
}
