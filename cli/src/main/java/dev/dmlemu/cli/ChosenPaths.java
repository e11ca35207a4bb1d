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
     * Walks a relative path component by component as the OS does: {@code evil/..} is the parent of wherever
     * {@code evil} leads, not the current directory, so the path is never normalised before it is checked.
     *
     * @param option how the path was given, for the message, e.g. {@code --output-dir}
     * @throws CliFailure exit code 2 when a component of a relative path is a symbolic link
     */
    static void requireNoLink(String option, Path given) {
        if (given.isAbsolute() || given.getRoot() != null) {
            return;
        }
        Path at = currentDirectory();
        for (Path name : given) {
            String component = name.toString();
            if (component.isEmpty() || component.equals(".")) {
                continue;
            }
            // No component so far was a link, so ".." is the parent of a real folder: the lexical parent.
            at = component.equals("..") ? parentOf(at) : at.resolve(name);
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

    /**
     * {@code given} as an absolute path that names what the OS names: each {@code ..} is taken from the real path of
     * what precedes it (so {@code /t/checkout/evil/..} with {@code evil -> ../private/sub} is {@code /t/private}),
     * never by text; the rest is kept as written. What follows the last {@code ..} need not exist.
     *
     * @param option how the path was given, for the message, e.g. {@code --output-dir}
     * @throws CliFailure exit code 2 when a component before a {@code ..} does not exist or is no folder, where the OS
     *     would fail too
     */
    static Path asTheOsWalks(String option, Path given) {
        Path absolute = given.toAbsolutePath();
        Path at = absolute.getRoot();
        for (Path name : absolute) {
            String component = name.toString();
            if (component.isEmpty() || component.equals(".")) {
                continue;
            }
            if (!component.equals("..")) {
                at = at == null ? name : at.resolve(name);
                continue;
            }
            try {
                Path real = at.toRealPath();
                if (!Files.isDirectory(real)) {
                    throw CliFailure.unusableInput(option + " " + given + ": " + at + " is not a folder, so '..'"
                            + " after it leads nowhere");
                }
                at = parentOf(real);
            } catch (IOException e) {
                Path missing = firstMissing(at);
                throw CliFailure.unusableInput(option + " " + given + ": " + (missing != null
                        ? missing + " does not exist, so '..' after it leads nowhere"
                        : at + ": " + WritableFolders.reason(e)));
            }
        }
        return at;
    }

    /** The first component of {@code path}, from its root, that does not exist (following links), or null. */
    static Path firstMissing(Path path) {
        Path prefix = path.getRoot();
        for (Path name : path) {
            prefix = prefix == null ? name : prefix.resolve(name);
            if (!Files.exists(prefix)) {
                return prefix;
            }
        }
        return null;
    }

    /** The current directory as a real path, so that ".." from it goes where the OS goes. */
    private static Path currentDirectory() {
        Path cwd = Path.of("").toAbsolutePath();
        try {
            return cwd.toRealPath();
        } catch (IOException e) {
            return cwd;
        }
    }

    private static Path parentOf(Path at) {
        Path parent = at.getParent();
        return parent == null ? at : parent;
    }
}
