package dev.dmlemu.model;

import java.util.Objects;

/**
 * {@code {"type": "print", "resource": "Y", "verbose": false}}.
 *
 * @param resource the resource to print
 * @param verbose one line per element with its bits in hex, instead of one line for all
 */
public record PrintCommand(String resource, boolean verbose) implements Command {

    public PrintCommand {
        Objects.requireNonNull(resource, "resource");
    }
}
