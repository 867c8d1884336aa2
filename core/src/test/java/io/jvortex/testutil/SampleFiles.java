package io.jvortex.testutil;

import java.io.IOException;
import java.io.InputStream;

/** The small Rust-written files in {@code src/test/resources/files} (see {@code make_files.py} there). */
public final class SampleFiles {
    private SampleFiles() {
    }

    /**
     * @param name a file name in {@code resources/files}
     * @return its bytes
     * @throws IOException when it cannot be read
     */
    public static byte[] bytes(String name) throws IOException {
        try (InputStream in = SampleFiles.class.getResourceAsStream("/files/" + name)) {
            if (in == null) {
                throw new IOException("no sample file " + name);
            }
            return in.readAllBytes();
        }
    }
}
