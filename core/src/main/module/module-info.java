/**
 * jvortex core: the Vortex columnar file format in pure Java.
 *
 * <p>Users and engine connectors build on the exported packages: {@code api} (open, scan, take,
 * write), {@code dtype}, {@code scalar}, {@code expr}, {@code error}, the read-only canonical arrays
 * of {@code array}, the byte sources and sinks of {@code io}, and the encoding SPI ({@code spi},
 * {@code registry}). Everything under {@code io.jvortex.internal} (and {@code api.internal}) is
 * implementation: exported only to our own modules that need it.
 */
module io.jvortex.core {
    requires java.net.http;

    exports io.jvortex.api;
    exports io.jvortex.array;
    exports io.jvortex.dtype;
    exports io.jvortex.error;
    exports io.jvortex.expr;
    exports io.jvortex.io;
    exports io.jvortex.registry;
    exports io.jvortex.scalar;
    exports io.jvortex.spi;

    // Parquet's ZSTD pages and Arrow IPC's ZSTD bodies decode with our own zstd.
    exports io.jvortex.internal.zstd to io.jvortex.parquet, io.jvortex.arrow;
    // jvx: text output of chunks, and the layout and encoding trees of `jvx tree`.
    exports io.jvortex.internal.jsonl to io.jvortex.cli;
    exports io.jvortex.internal.file to io.jvortex.cli;
    exports io.jvortex.internal.layout to io.jvortex.cli;
    exports io.jvortex.api.internal to io.jvortex.cli;

    uses io.jvortex.spi.Encoding;
}
