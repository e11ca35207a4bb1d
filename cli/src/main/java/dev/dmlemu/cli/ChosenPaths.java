package dev.dmlemu.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The folders and files the user names on the command line bound everything a model may touch, so they must be what
 * they look like. A relative path is read inside the current directory, usually a checkout, and a pull request can
 * commit a symbolic link there ({@code out -> /home/runner}, {@code models/m.json -> ~/.ssh/id_rsa}): a relative path
 * that runs through a link is refused. An absolute path is taken as given, links and all (system paths often hold
 * links, and the user typed it).
 */
final class ChosenPaths {

    private ChosenPaths() {}

    /**
     * @param option how the path was given, for the message, e.g. {@code --output-dir}
     * @throws CliFailure exit code 2 when a component of a relative path is a symbolic link
     */
    static void requireNoLink(String option, Path given) {
        if (given.isAbsolute() || given.getRoot() != null) {
            return;
        }
        Path at = Path.of("").toAbsolutePath();
        for (Path name : given.normalize()) {
            at = at.resolve(name);
            if (Files.isSymbolicLink(at)) {
                String target;
                try {
                    target = Files.readSymbolicLink(at).toString();
                } catch (IOException e) {
                    target = "?";
                }
                throw CliFailure.unusableInput(option + " " + given + ": " + at + " is a symbolic link (to "
                        + OneLine.of(target) + "); a relative path through a link is refused, since a checkout can"
                        + " carry links: give the real path, or an absolute one");
            }
        }
    }
}
