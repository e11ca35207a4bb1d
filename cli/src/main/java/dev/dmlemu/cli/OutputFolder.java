package dev.dmlemu.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where a model's {@code writeFile} targets go. A model file is untrusted input, so by default a target is a relative
 * path inside one folder ({@code --output-dir}, default the current directory, as DxDispatch's {@code -o} defaults):
 * an absolute path, a {@code ..} that leaves the folder or a parent that is a symbolic link leading out is refused.
 * {@code --write-anywhere} lifts that confinement. Either way a target that is a symbolic link is refused, and every
 * file is written to a temporary file beside it and then renamed over it, so a failed run leaves no half-written file
 * and a link that appears at the target meanwhile is replaced, never followed. A target is never a file the run
 * reads (its model file, its sources), and its folder must take new files when the run is planned. The files written
 * and the temporary files being written are kept in a {@link WriteLedger}, which an interrupted run's shutdown hook
 * reads.
 */
final class OutputFolder {

    /** The option that lifts the confinement. */
    static final String WRITE_ANYWHERE = "--write-anywhere";

    /** The longest target file name: its temporary twin adds about 20 characters, and file systems stop at 255. */
    static final int MAX_NAME_LENGTH = 200;

    /** Writes a file's bytes onto a channel. */
    @FunctionalInterface
    interface Content {
        void writeTo(FileChannel channel) throws IOException;
    }

    private final Path folder;
    private final boolean confined;
    private final Map<Path, String> readFiles;
    private final WriteLedger ledger = new WriteLedger();

    /**
     * @param folder the output folder (relative to the current directory); created when a target needs it
     * @param confined whether targets must stay inside it
     */
    OutputFolder(Path folder, boolean confined) {
        this(folder, confined, Map.of());
    }

    /**
     * @param readFiles the real paths of the files the run reads, each with what it is ({@code "the model file"}):
     *     never a target, so a run cannot overwrite its own inputs
     */
    OutputFolder(Path folder, boolean confined, Map<Path, String> readFiles) {
        // '..' in the folder is taken where the OS takes it (after a link, from the link's target), never by text.
        this.folder = ChosenPaths.asTheOsWalks("--output-dir", folder);
        this.confined = confined;
        this.readFiles = Map.copyOf(readFiles);
    }

    /** The files written so far, in order. */
    List<Path> written() {
        return ledger.written();
    }

    /** The run is over and has reported its files; an interruption from now on has nothing of it to tell. */
    void finish() {
        ledger.finish();
    }

    /**
     * The file {@code targetPath} names, checked as far as it can be before anything is written. Nothing is created:
     * when the output folder does not exist yet, a target must lie in it (or in a folder it creates on the way), and
     * {@link #write} creates it.
     *
     * @return the target, or the reason it may not be written
     */
    Result resolve(String targetPath) {
        Path given;
        try {
            given = Path.of(targetPath);
        } catch (InvalidPathException e) {
            return Result.refused("is not a valid path (" + e.getReason() + ")");
        }
        if (confined && (given.isAbsolute() || given.getRoot() != null)) {
            return Result.refused("is an absolute path; writeFile targets are relative to the output folder "
                    + folder + " (" + WRITE_ANYWHERE + " allows any path)");
        }
        // The lexical form judges '..'; the OS walks the path as written (a link, then '..'), and so does the check
        // of the folder the file lands in.
        Path written = folder.resolve(given);
        Path target = written.normalize();
        if (confined && !target.startsWith(folder)) {
            return Result.refused("leaves the output folder " + folder + " through '..' (" + WRITE_ANYWHERE
                    + " allows any path)");
        }
        Path fileName = written.getFileName();
        if (fileName == null || target.equals(folder) || fileName.toString().equals("..")
                || fileName.toString().equals(".")) {
            return Result.refused("names no file");
        }
        if (fileName.toString().length() > MAX_NAME_LENGTH) {
            // The temporary file beside it carries the name too, and file systems stop at 255 bytes.
            return Result.refused("has a file name longer than " + MAX_NAME_LENGTH + " characters");
        }
        Walk walk = walkToFolderOf(given);
        if (walk.refusal().isPresent()) {
            return Result.refused(walk.refusal().get());
        }
        Path at = walk.folder();
        if (!Files.exists(at)) {
            // The output folder, or a folder on its way, that write() creates: the target lies in it.
            return WritableFolders.refusalToCreate(folder).map(Result::refused)
                    .orElseGet(() -> new Result(Optional.of(at.resolve(fileName)), Optional.empty()));
        }
        Path parent;
        Path realFolder;
        try {
            realFolder = realPathOfExistingPart(folder);
            parent = at.toRealPath();
        } catch (NoSuchFileException e) {
            return Result.refused("is in a folder that does not exist (" + at + ")");
        } catch (IOException e) {
            return Result.refused("cannot be written: " + WritableFolders.describe(e));
        }
        if (!Files.isDirectory(parent)) {
            return Result.refused("is in " + at + ", which is not a folder");
        }
        if (confined && !parent.startsWith(realFolder)) {
            return Result.refused("is in " + written.getParent() + ", which a symbolic link leads to " + parent
                    + ", outside the output folder " + folder + " (" + WRITE_ANYWHERE + " allows it)");
        }
        Optional<String> folderRefusal = WritableFolders.cannotWrite(parent);
        if (folderRefusal.isPresent()) {
            // The file is written beside its target and renamed, so its folder must take new files.
            return Result.refused("is in the folder " + parent + ", which cannot be written ("
                    + folderRefusal.get() + ")");
        }
        Path file = parent.resolve(fileName);
        Optional<BasicFileAttributes> existing = attributes(file);
        if (existing.isPresent() && existing.get().isSymbolicLink()) {
            return Result.refused("is a symbolic link (" + file + "); dmlemu never writes through one");
        }
        if (existing.isPresent() && !existing.get().isRegularFile()) {
            return Result.refused("is " + (existing.get().isDirectory() ? "a directory" : "not a regular file")
                    + " (" + file + ")");
        }
        Optional<String> fileRefusal = existing.isPresent() ? WritableFolders.cannotWrite(file) : Optional.empty();
        if (fileRefusal.isPresent()) {
            return Result.refused("is read-only (" + file + "; " + fileRefusal.get() + ")");
        }
        Optional<String> read = readAs(file);
        if (read.isPresent()) {
            return Result.refused("is " + read.get() + " (" + file + "), which this run reads; a run never writes a"
                    + " file it reads");
        }
        return new Result(Optional.of(file), Optional.empty());
    }

    /** The folder a target lands in, walked as the OS walks it, or why the OS would not reach it. */
    private record Walk(Path folder, Optional<String> refusal) {}

    /**
     * Walks the folders of {@code given} from the output folder (or the root, for an absolute path) as the OS will
     * once the output folder exists: {@code .} stays, {@code ..} goes to the real parent of where the walk is, and
     * a name must be an existing folder, or the output folder (or one on its way) that {@link #write} creates. A
     * missing component is named: {@code sub/../x.npy} without {@code sub} is refused for {@code sub}.
     */
    private Walk walkToFolderOf(Path given) {
        Path at = given.getRoot() != null ? given.getRoot() : folder;
        Path parentPart = given.getParent();
        if (parentPart == null) {
            return new Walk(at, Optional.empty());
        }
        for (Path name : parentPart) {
            String component = name.toString();
            if (component.isEmpty() || component.equals(".")) {
                continue;
            }
            if (component.equals("..")) {
                if (Files.exists(at)) {
                    try {
                        Path real = at.toRealPath();
                        at = real.getParent() == null ? real : real.getParent();
                    } catch (IOException e) {
                        return new Walk(at, Optional.of("cannot be written: " + WritableFolders.describe(e)));
                    }
                } else {
                    // The output folder or a folder on its way, created as named: its parent is its lexical one.
                    at = at.getParent() == null ? at : at.getParent();
                }
                continue;
            }
            Path next = at.resolve(name);
            boolean created = folder.startsWith(next) && !Files.exists(next, LinkOption.NOFOLLOW_LINKS);
            if (!created && !Files.exists(next)) {
                return new Walk(next, Optional.of("is in a folder that does not exist (" + next + ")"));
            }
            if (!created && !Files.isDirectory(next)) {
                return new Walk(next, Optional.of("is in " + next + ", which is not a folder"));
            }
            at = next;
        }
        return new Walk(at, Optional.empty());
    }

    /** {@code path}'s existing part as a real path, and the rest (which the output folder's walk left without '..'). */
    private static Path realPathOfExistingPart(Path path) throws IOException {
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return path;
        }
        return existing.toRealPath().resolve(existing.relativize(path));
    }

    /** What {@code file} is to this run when the run reads it: the same path, or the same file by another name. */
    private Optional<String> readAs(Path file) {
        String same = readFiles.get(file);
        if (same != null || !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.ofNullable(same);
        }
        for (Map.Entry<Path, String> read : readFiles.entrySet()) {
            try {
                if (Files.isSameFile(file, read.getKey())) {
                    return Optional.of(read.getValue());
                }
            } catch (IOException e) {
                // A read file that is gone is not this one.
            }
        }
        return Optional.empty();
    }

    /** A resolved target, or why there is none. */
    record Result(Optional<Path> file, Optional<String> refusal) {
        static Result refused(String reason) {
            return new Result(Optional.empty(), Optional.of(reason));
        }
    }

    /**
     * Writes {@code content} as {@code targetPath}: creates the output folder if needed, checks the target again
     * (the folder may have changed since it was planned), writes a new temporary file beside it, gives that the
     * target's permissions when it replaces a file, and renames it over the target. The temporary file is created
     * exclusively (never through an existing name or link) and removed if anything fails.
     *
     * @return the file written
     * @throws Refused when the target may not be written now
     * @throws IOException if the file cannot be written; nothing is left behind
     */
    Path write(String targetPath, Content content) throws IOException, Refused {
        Files.createDirectories(folder);
        Result resolved = resolve(targetPath);
        if (resolved.refusal().isPresent()) {
            throw new Refused(resolved.refusal().get());
        }
        Path file = resolved.file().orElseThrow();
        Path temporary = createTemporaryBeside(file);
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS)) {
                content.writeTo(channel);
            }
            keepPermissions(file, temporary);
            ledger.commit(temporary, file);
            moved = true;
        } finally {
            if (!moved) {
                ledger.discard(temporary);
            }
        }
        return file;
    }

    /** A target that may not be written, found when writing. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    /** A replaced file keeps its POSIX permissions (the temporary file starts with the umask's). */
    private static void keepPermissions(Path file, Path temporary) throws IOException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)
                && Files.getFileStore(file).supportsFileAttributeView(PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
        }
    }

    private Path createTemporaryBeside(Path file) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path temporary = file.resolveSibling("." + file.getFileName() + "."
                    + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                ledger.create(temporary);
                return temporary;
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 8) {
                    throw e;
                }
            }
        }
    }

    private static Optional<BasicFileAttributes> attributes(Path file) {
        try {
            return Optional.of(Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
