package dev.dmlemu.bench;

/** A plain pass over the bytes an operator must read and write, timed beside it ({@link OperatorWorkload.Floor}). */
interface MemoryFloor extends AutoCloseable {

    void run() throws Exception;

    @Override
    void close();
}
