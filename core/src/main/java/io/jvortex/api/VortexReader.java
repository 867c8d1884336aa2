package io.jvortex.api;

import io.jvortex.dtype.DType;
import io.jvortex.file.VortexFile;
import io.jvortex.layout.Layout;
import io.jvortex.scan.LayoutScan;
import java.nio.file.Path;
import java.util.Objects;

/**
 * An open Vortex file: its schema, row count and layout, and scans over it. The file is mapped
 * once; one reader may be scanned from many threads, each scan confined to its own thread.
 *
 * <pre>{@code
 * try (var reader = VortexReader.open(path);
 *      var scan = reader.scan(ScanOptions.builder().columns("l_extendedprice").build())) {
 *     while (scan.hasNext()) {
 *         try (Chunk chunk = scan.next()) {
 *             var prices = chunk.field("l_extendedprice");
 *         }
 *     }
 * }
 * }</pre>
 */
public final class VortexReader implements AutoCloseable {
    private final VortexFile file;
    private final ReaderOptions options;

    private VortexReader(VortexFile file, ReaderOptions options) {
        this.file = file;
        this.options = options;
    }

    /**
     * @param path a Vortex file
     * @return the opened reader
     * @throws VortexException when the file is malformed
     */
    public static VortexReader open(Path path) {
        return open(path, ReaderOptions.defaults());
    }

    /**
     * @param path a Vortex file
     * @param options how to open it
     * @return the opened reader
     */
    public static VortexReader open(Path path, ReaderOptions options) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(options, "options");
        return new VortexReader(VortexFile.open(path), options);
    }

    /**
     * Opens a file held in memory; the segment must stay valid while the reader is used.
     *
     * @param data the whole file
     * @param name a name for messages
     * @param options how to open it
     * @return the opened reader
     */
    public static VortexReader open(java.lang.foreign.MemorySegment data, String name, ReaderOptions options) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(options, "options");
        return new VortexReader(VortexFile.of(data, name), options);
    }

    /** @return the root dtype (a struct for tables) */
    public DType schema() {
        return file.dtype();
    }

    /** @return the number of rows */
    public long rowCount() {
        return file.rowCount();
    }

    /** @return the root of the layout tree */
    public Layout layout() {
        return file.rootLayout();
    }

    /** @return the underlying file (footer tables, segments) */
    public VortexFile file() {
        return file;
    }

    /**
     * Decodes the zone map of a zoned column layout (see {@link #layout()}).
     *
     * @param zoned a zoned (or legacy stats) layout of this file
     * @return its zone map, or empty when its statistics schema is unknown to this reader
     */
    public java.util.Optional<io.jvortex.scan.ZoneMap> zoneMap(Layout.Zoned zoned) {
        return io.jvortex.scan.ZoneMap.read(file, zoned, options);
    }

    /** @return a scan of every column and row */
    public ScanIterator scan() {
        return scan(ScanOptions.all());
    }

    /**
     * @param scan projection and limits
     * @return a scan, confined to the calling thread
     */
    public ScanIterator scan(ScanOptions scan) {
        return new LayoutScan(file, options, Objects.requireNonNull(scan, "scan"));
    }

    @Override
    public void close() {
        file.close();
    }
}
