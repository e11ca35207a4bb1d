package dev.dmlemu.cli;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.featurelevels.MeasuredDirectMl;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/**
 * {@code dmlemu --version}: the project's version and the commit it was built from (both written by the build), and
 * the DirectML.dll whose behaviour it mirrors.
 */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        Properties build = load("build.properties");
        Properties git = load("git.properties");
        String commit = git.getProperty("git.commit.id.abbrev");
        String commitText = commit == null ? "built outside a git checkout"
                : "commit " + commit + ("true".equals(git.getProperty("git.dirty")) ? " with uncommitted changes" : "");
        return new String[] {
            "dmlemu " + build.getProperty("version", "(unknown version)") + " (" + commitText + ")",
            "mirrors " + MeasuredDirectMl.NAME + " as measured at "
                    + MeasuredDirectMl.FEATURE_LEVEL.cName() + "; feature levels up to "
                    + FeatureLevel.newest().cName()};
    }

    private static Properties load(String name) {
        Properties properties = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream(name)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }
}
