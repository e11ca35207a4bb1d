package dev.dmlemu.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The files one output folder has written and the temporary files it is writing. A run that is interrupted (SIGINT,
 * SIGTERM) ends in a shutdown hook ({@link #interrupted}) while its thread may still be writing: the hook removes
 * every temporary file and names every file written, so an interrupted run leaves whole files only and says which.
 * Creating, renaming and removing take this object's lock, as the hook does, so no temporary file appears after the
 * hook ran and no rename is half seen.
 */
final class WriteLedger {

    /** Ledgers that have written or are writing, until their run ends. */
    private static final Set<WriteLedger> ACTIVE = ConcurrentHashMap.newKeySet();

    /** Set once the command has returned: a shutdown hook then is a normal exit, not an interruption. */
    private static volatile boolean commandEnded;

    private final List<Path> written = new ArrayList<>();
    private final Set<Path> temporaries = new LinkedHashSet<>();
    private boolean interrupted;

    /**
     * Creates {@code temporary} exclusively and notes it. CREATE_NEW fails on any existing name, a dangling link
     * included: nothing is written through a link.
     */
    synchronized void create(Path temporary) throws IOException {
        requireRunning();
        ACTIVE.add(this);
        FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        temporaries.add(temporary);
    }

    /** Renames the finished {@code temporary} over {@code file}, which from now on counts as written. */
    synchronized void commit(Path temporary, Path file) throws IOException {
        requireRunning();
        try {
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
        }
        temporaries.remove(temporary);
        written.add(file);
    }

    /** Removes a temporary file that will not be renamed. */
    synchronized void discard(Path temporary) throws IOException {
        temporaries.remove(temporary);
        Files.deleteIfExists(temporary);
    }

    /** The files written so far, in order. */
    synchronized List<Path> written() {
        return List.copyOf(written);
    }

    /** The run is over (its files were reported): an interruption from now on has nothing of it to tell. */
    void finish() {
        ACTIVE.remove(this);
    }

    /** Marks the end of the command: the shutdown hook that follows is the process's normal exit. */
    static void commandEnded() {
        commandEnded = true;
    }

    /** The shutdown hook's work: every active ledger's temporary files removed, its written files named. */
    static void interrupted(PrintStream err) {
        if (commandEnded) {
            return;
        }
        for (WriteLedger ledger : ACTIVE) {
            ledger.interrupt(err);
        }
        err.flush();
    }

    private synchronized void interrupt(PrintStream err) {
        interrupted = true;
        for (Path temporary : temporaries) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException e) {
                err.println("dmlemu: interrupted; could not remove the temporary file " + OneLine.of(
                        temporary.toString()) + ": " + WritableFolders.describe(e));
            }
        }
        temporaries.clear();
        if (written.isEmpty()) {
            err.println("dmlemu: interrupted before any file was written");
        }
        for (Path file : written) {
            err.println("dmlemu: interrupted; wrote " + OneLine.of(file.toString()));
        }
    }

    private void requireRunning() throws IOException {
        if (interrupted) {
            throw new IOException("the run was interrupted");
        }
    }
}
