package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class JitCompilationClockTest {

    @Test
    void sinceIsTheCompilationTimeBetweenTwoReadings() {
        AtomicLong total = new AtomicLong(120);
        JitCompilationClock clock = new JitCompilationClock(total::get);
        OptionalLong before = clock.totalMs();
        assertEquals(OptionalLong.of(120), before);
        total.set(146);
        assertEquals(OptionalLong.of(26), clock.since(before));
        assertEquals(OptionalLong.of(0), clock.since(clock.totalMs()));
    }

    @Test
    void unknownWhereTheJvmDoesNotTimeItsCompilers() {
        JitCompilationClock blind = new JitCompilationClock(null);
        assertEquals(OptionalLong.empty(), blind.totalMs());
        assertEquals(OptionalLong.empty(), blind.since(OptionalLong.of(5)));
        assertEquals(OptionalLong.empty(), new JitCompilationClock(() -> 9).since(OptionalLong.empty()));
    }

    @Test
    void thisJvmTimesItsCompilers() {
        // HotSpot, which runs these tests, measures compilation time; its total only grows.
        JitCompilationClock clock = JitCompilationClock.ofThisJvm();
        OptionalLong before = clock.totalMs();
        assertTrue(before.isPresent());
        assertTrue(clock.since(before).orElse(-1) >= 0);
    }

    @Test
    void aTimedRunIsNotedWhenTheCompilersWorkedATenthOfItsTimeOrMore() {
        assertTrue(timing(5, 40.0).compiledWhileTimed());
        assertTrue(timing(4, 40.0).compiledWhileTimed());
        assertFalse(timing(3, 40.0).compiledWhileTimed());
        assertFalse(timing(0, 0.0).compiledWhileTimed());
        assertFalse(new RunCommand.Timing("op", 3, 7, 5.0, 4.0, 40.0, OptionalLong.empty()).compiledWhileTimed());
        assertEquals("note: dispatch 'op': the JIT compilers worked for 26 ms while its 7 timed executions ran"
                + " (17.5 ms); a longer --warmup gives settled times", timing(26, 17.5).compiledWhileTimedLine());
    }

    private static RunCommand.Timing timing(long jitMs, double totalMs) {
        return new RunCommand.Timing("op", 3, 7, 2.5, 2.0, totalMs, OptionalLong.of(jitMs));
    }
}
