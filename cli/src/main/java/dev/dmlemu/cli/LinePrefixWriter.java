package dev.dmlemu.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/** Leads every line written through it with a prefix ({@code models/a.json: }), as the text passes. */
final class LinePrefixWriter extends Writer {

    private final Writer target;
    private final String prefix;
    private boolean atLineStart = true;

    private LinePrefixWriter(Writer target, String prefix) {
        this.target = target;
        this.prefix = prefix;
    }

    /** A print writer onto {@code target} whose lines start with {@code prefix}; it flushes at each line's end. */
    static PrintWriter printWriter(Writer target, String prefix) {
        return new PrintWriter(new LinePrefixWriter(target, prefix), true);
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
        int start = offset;
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            if (atLineStart) {
                target.write(chars, start, i - start);
                target.write(prefix);
                start = i;
                atLineStart = false;
            }
            if (chars[i] == '\n') {
                atLineStart = true;
            }
        }
        target.write(chars, start, end - start);
    }

    @Override
    public void flush() throws IOException {
        target.flush();
    }

    /** Flushes; the target stays open (it is the command line's stream). */
    @Override
    public void close() throws IOException {
        flush();
    }
}
