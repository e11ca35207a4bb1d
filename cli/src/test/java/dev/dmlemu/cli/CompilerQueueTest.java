package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CompilerQueueTest {

    /** Reports as HotSpot 17 and 25 print them ({@code jcmd PID Compiler.queue}). */
    private static final String IDLE = "Current compiles: \n\nC1 compile queue:\nEmpty\n\nC2 compile queue:\nEmpty\n\n";
    private static final String COMPILING = "Current compiles: \n"
            + "C2 CompilerThread0   563       4       jdk.internal.util.xml.impl.Parser::ensureCapacity (96 bytes)\n\n"
            + "C1 compile queue:\nEmpty\n\nC2 compile queue:\nEmpty\n\n";
    private static final String QUEUED = "Current compiles: \n\nC1 compile queue:\n"
            + " 435       1       java.util.concurrent.locks.AbstractQueuedSynchronizer::getState (5 bytes)\n\n"
            + "C2 compile queue:\nEmpty\n\n";
    private static final String QUEUED_FOR_C2 = "Current compiles: \n\nC1 compile queue:\nEmpty\n\nC2 compile queue:\n"
            + " 512       4       java.lang.CharacterDataLatin1::equalsIgnoreCase (63 bytes)\n"
            + " 555       4       java.lang.Math::min (11 bytes)\n\n";

    @Test
    void idleOnlyWithNothingCompilingAndEveryQueueEmpty() {
        assertTrue(CompilerQueue.isIdle(IDLE));
        assertFalse(CompilerQueue.isIdle(COMPILING));
        assertFalse(CompilerQueue.isIdle(QUEUED));
        assertFalse(CompilerQueue.isIdle(QUEUED_FOR_C2));
    }

    @Test
    void thisJvmsCompilersGoIdle() {
        // Nothing else runs in this test, so whatever the class loading queued is compiled well within the limit.
        assertTrue(CompilerQueue.ofThisJvm().awaitIdle(Duration.ofSeconds(20)));
    }
}
