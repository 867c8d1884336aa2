package io.jvortex.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.WriteOptions;
import io.jvortex.io.ByteSink;
import io.jvortex.io.FileSink;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Parquet decoder thread of {@link ParquetToVortex}, which runs one batch ahead of the writer in
 * this JVM (a 2 GiB heap): a sink failing early stops it, aborts the sink and leaves neither a file nor
 * the thread behind; a file corrupt after its first row groups fails the same way; and the file written
 * with the decoder ahead is, byte for byte, the one a child JVM with a 256 MiB heap writes decoding
 * inline.
 */
class ConvertPipelineTest {
    private static final String DECODER = "jvortex-parquet-decoder";

    @TempDir
    Path dir;

    /** A Parquet file of several row groups, each more than a batch. */
    private Path parquet(String name) {
        List<TypeSpec> types = List.of(new TypeSpec.Primitive(PrimitiveKind.I64, false), new TypeSpec.Utf8(true),
                new TypeSpec.Decimal(18, 4, true), new TypeSpec.Primitive(PrimitiveKind.F64, true));
        int rows = 3 * ParquetToVortex.BATCH_ROWS + 4321;
        RandomTables.GeneratedTable table = RandomTables.generate(Seeds.seed("ConvertPipelineTest." + name), types,
                rows);
        Path parquet = dir.resolve(name + ".parquet");
        ParquetFiles.write(table, parquet, CompressionCodecName.SNAPPY, ParquetToVortex.BATCH_ROWS + 1000, true);
        return parquet;
    }

    private static void assertNoDecoderThread() {
        assertThat(Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(DECODER) && t.isAlive()))
                .as("decoder threads left running").isEmpty();
    }

    @Test
    void theDecoderRunsAheadInTheTestJvm() {
        assertThat(Runtime.getRuntime().maxMemory()).isGreaterThanOrEqualTo(ParquetToVortex.AHEAD_MIN_HEAP);
    }

    @Test
    void aFailingSinkStopsTheDecoderAndAbortsTheSink() {
        Path parquet = parquet("sink");
        Path out = dir.resolve("out.vortex");
        FailingSink sink = new FailingSink(FileSink.create(out), 2);

        assertThatThrownBy(() -> ParquetToVortex.convert(parquet, sink, WriteOptions.defaults()))
                .hasStackTraceContaining("disk full (test)");

        assertThat(sink.writes).as("writes reached the sink").isGreaterThanOrEqualTo(2);
        assertThat(sink.aborted).as("sink aborted").isTrue();
        assertNoDecoderThread();
        assertThat(out).doesNotExist();
    }

    @Test
    void aFileCorruptAfterItsFirstRowGroupsFailsAndLeavesNothing() throws IOException {
        Path parquet = parquet("corrupt");
        long lastGroup;
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(parquet),
                new ParquetReadOptions.Builder(new PlainParquetConfiguration()).build())) {
            assertThat(reader.getRowGroups()).as("row groups").hasSizeGreaterThan(2);
            lastGroup = reader.getRowGroups().getLast().getColumns().getFirst().getStartingPos();
        }
        try (FileChannel ch = FileChannel.open(parquet, StandardOpenOption.WRITE)) {
            byte[] junk = new byte[64];
            Arrays.fill(junk, (byte) 0xFF);
            ch.write(ByteBuffer.wrap(junk), lastGroup); // the last row group's first page header
        }
        Path out = dir.resolve("corrupt.vortex");

        assertThatThrownBy(() -> ParquetToVortex.convert(parquet, out, WriteOptions.defaults()))
                .isInstanceOf(io.jvortex.error.VortexException.class).hasMessageContaining(parquet.toString())
                .hasMessageContaining("not a readable Parquet file");

        assertNoDecoderThread();
        assertThat(out).doesNotExist();
    }

    @Test
    void decodingAheadAndInlineWriteTheSameBytes() throws IOException, InterruptedException {
        Path parquet = parquet("same");
        Path ahead = dir.resolve("ahead.vortex");
        Path inline = dir.resolve("inline.vortex");
        ParquetToVortex.convert(parquet, ahead, WriteOptions.defaults());

        ConvertChild.run(dir.resolve("child.log"), List.of("-Xmx256m"), parquet, inline);
        assertThat(Files.mismatch(ahead, inline)).as("first differing byte").isEqualTo(-1L);
    }

    /** A file sink whose {@code n}-th write fails, as a full disk would. */
    private static final class FailingSink implements ByteSink {
        private final ByteSink delegate;
        private final int failAt;
        volatile int writes;
        volatile boolean aborted;

        FailingSink(ByteSink delegate, int failAt) {
            this.delegate = delegate;
            this.failAt = failAt;
        }

        @Override
        public void write(MemorySegment bytes) {
            if (++writes >= failAt) {
                throw new UncheckedIOException(new IOException("disk full (test)"));
            }
            delegate.write(bytes);
        }

        @Override
        public long position() {
            return delegate.position();
        }

        @Override
        public void commit() {
            delegate.commit();
        }

        @Override
        public void abort() {
            aborted = true;
            delegate.abort();
        }

        @Override
        public URI uri() {
            return delegate.uri();
        }
    }
}
