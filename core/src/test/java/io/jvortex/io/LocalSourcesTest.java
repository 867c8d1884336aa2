package io.jvortex.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.TestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalSourcesTest {
    @TempDir
    Path dir;

    static byte[] randomBytes(SplittableRandom random, int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    static List<ByteRange> randomRanges(SplittableRandom random, long size, int count) {
        List<ByteRange> ranges = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long offset = random.nextLong(0, size + 1);
            ranges.add(new ByteRange(offset, random.nextLong(0, Math.min(size - offset, 300_000) + 1)));
        }
        return ranges;
    }

    static void assertReadsMatch(ByteSource source, byte[] expected, List<ByteRange> ranges) {
        List<CompletableFuture<MemorySegment>> futures = source.read(ranges);
        assertThat(futures).hasSize(ranges.size());
        for (int i = 0; i < ranges.size(); i++) {
            ByteRange range = ranges.get(i);
            MemorySegment segment = IoFutures.join(futures.get(i));
            assertThat(segment.isReadOnly()).isTrue();
            assertThat(segment.byteSize()).isEqualTo(range.lengthBytes());
            byte[] actual = segment.toArray(ValueLayout.JAVA_BYTE);
            byte[] want = java.util.Arrays.copyOfRange(expected, (int) range.byteOffset(), (int) range.endOffset());
            assertThat(actual).as("bytes of %s", range).isEqualTo(want);
        }
    }

    @Test
    void mappedAndChannelSourcesReturnTheFileBytes() throws IOException {
        SplittableRandom random = TestSupport.random("LocalSourcesTest.mappedAndChannel");
        byte[] bytes = randomBytes(random, 1_000_003);
        Path file = Files.write(dir.resolve("data.bin"), bytes);
        IoOptions options = IoOptions.defaults().withMaxRequestBytes(100_000).withMaxInFlight(3);
        try (MappedFileSource mapped = MappedFileSource.open(file);
                ChannelFileSource channel = ChannelFileSource.open(file, options)) {
            for (ByteSource source : List.of(mapped, channel)) {
                assertThat(source.size()).isEqualTo(bytes.length);
                for (int round = 0; round < 20; round++) {
                    assertReadsMatch(source, bytes, randomRanges(random, bytes.length, random.nextInt(1, 30)));
                }
                assertThat(source.uri()).isEqualTo(file.toUri());
                assertThatThrownBy(() -> source.read(new ByteRange(bytes.length - 1, 2)))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(file.getFileName().toString());
            }
            // zero copy: a mapped read is a slice of the one mapping
            MemorySegment slice = mapped.readNow(4096, 10);
            assertThat(slice.address()).isEqualTo(mapped.segment().address() + 4096);
            // a range longer than a request is fetched in parts and reassembled
            assertReadsMatch(channel, bytes, List.of(new ByteRange(7, 950_000)));
            assertThat(channel.stats().requests()).isGreaterThan(0);
            assertThat(channel.stats().bytesFetched()).isGreaterThanOrEqualTo(950_000);
        }
    }

    @Test
    void closedSourcesRefuseReads() throws IOException {
        Path file = Files.write(dir.resolve("small.bin"), new byte[] {1, 2, 3});
        MappedFileSource mapped = MappedFileSource.open(file);
        MemorySegment slice = mapped.readNow(0, 3);
        mapped.close();
        mapped.close();
        assertThatThrownBy(() -> slice.get(ValueLayout.JAVA_BYTE, 0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> mapped.readNow(0, 1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
        ChannelFileSource channel = ChannelFileSource.open(file, IoOptions.defaults());
        channel.close();
        assertThatThrownBy(() -> channel.readNow(0, 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> MappedFileSource.open(dir.resolve("missing")))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("missing");
    }

    @Test
    void emptyFileAndEmptyRanges() throws IOException {
        Path file = Files.write(dir.resolve("empty.bin"), new byte[0]);
        try (ByteSource source = ByteSources.open(file.toString(), IoOptions.defaults())) {
            assertThat(source.size()).isZero();
            assertThat(source.readNow(0, 0).byteSize()).isZero();
        }
    }

    @Test
    void fileSinkIsAtomic() throws IOException {
        Path target = dir.resolve("out.vortex");
        try (ByteSink sink = ByteSources.create(target.toUri(), IoOptions.defaults(), null)) {
            sink.write(new byte[] {1, 2, 3});
            sink.write(MemorySegment.ofArray(new byte[] {4, 5}));
            assertThat(sink.position()).isEqualTo(5);
            assertThat(target).doesNotExist();
            sink.commit();
        }
        assertThat(Files.readAllBytes(target)).containsExactly(1, 2, 3, 4, 5);

        // an exception before commit leaves the old file and no temporary file
        assertThatThrownBy(() -> {
            try (ByteSink sink = FileSink.create(target)) {
                sink.write(new byte[] {9, 9, 9});
                throw new IllegalStateException("writer failed");
            }
        }).hasMessage("writer failed");
        assertThat(Files.readAllBytes(target)).containsExactly(1, 2, 3, 4, 5);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
        ByteSink aborted = FileSink.create(dir.resolve("never.vortex"));
        aborted.abort();
        assertThatThrownBy(() -> aborted.write(new byte[1])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(aborted::commit).isInstanceOf(IllegalStateException.class);
        assertThat(dir.resolve("never.vortex")).doesNotExist();
    }

    @Test
    void streamSinkWritesThrough() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ByteSink sink = new StreamSink(out, URI.create("memory:test"))) {
            sink.write(new byte[200_000]);
            sink.write(new byte[] {7});
            sink.commit();
            sink.commit();
        }
        assertThat(out.size()).isEqualTo(200_001);
        assertThatThrownBy(() -> ByteSources.create(URI.create("ftp://x/y"), IoOptions.defaults(), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ftp");
        assertThatThrownBy(() -> ByteSources.open(URI.create("ftp://x/y"), IoOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ftp");
    }
}
