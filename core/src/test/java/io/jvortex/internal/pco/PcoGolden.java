package io.jvortex.internal.pco;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One golden stream of {@code golden/pco} (written by {@code generate.py} with the PyPI pcodec
 * package): header, chunks of pages, and the values they must decode to.
 */
public record PcoGolden(String name, String expectedMode, String expectedDelta, PcoDecoder.NumberType type,
                 byte[] header, List<ChunkBytes> chunks, int total, byte[] expected) {

    public record ChunkBytes(byte[] meta, int[] counts, byte[][] pages) {
    }

    public static List<PcoGolden> all() {
        String index = new String(resource("index.txt"), StandardCharsets.UTF_8);
        List<PcoGolden> out = new ArrayList<>();
        for (String line : index.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.trim().split(" ");
            out.add(load(parts[0], parts[1], parts[2]));
        }
        return out;
    }

    static byte[] resource(String name) {
        try (InputStream in = PcoGolden.class.getResourceAsStream("/golden/pco/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource golden/pco/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static PcoGolden load(String name, String mode, String delta) {
        ByteBuffer b = ByteBuffer.wrap(resource(name + ".pcog")).order(ByteOrder.LITTLE_ENDIAN);
        byte[] magic = new byte[4];
        b.get(magic);
        if (!Arrays.equals(magic, "PCOG".getBytes(StandardCharsets.US_ASCII))) {
            throw new IllegalStateException(name + ": bad magic");
        }
        PcoDecoder.NumberType type = PcoDecoder.NumberType.fromStandaloneByte(b.get() & 0xFF);
        byte[] header = bytes(b, b.getInt());
        int nChunks = b.getInt();
        List<ChunkBytes> chunks = new ArrayList<>();
        for (int c = 0; c < nChunks; c++) {
            byte[] meta = bytes(b, b.getInt());
            int nPages = b.getInt();
            int[] counts = new int[nPages];
            byte[][] pages = new byte[nPages][];
            for (int p = 0; p < nPages; p++) {
                counts[p] = b.getInt();
                pages[p] = bytes(b, b.getInt());
            }
            chunks.add(new ChunkBytes(meta, counts, pages));
        }
        int total = b.getInt();
        byte[] expected = bytes(b, total * type.byteWidth());
        return new PcoGolden(name, mode, delta, type, header, chunks, total, expected);
    }

    private static byte[] bytes(ByteBuffer b, int n) {
        byte[] out = new byte[n];
        b.get(out);
        return out;
    }

    /** Decodes every page into a fresh array of {@code total * width} bytes. */
    byte[] decode() {
        byte[] out = new byte[total * type.byteWidth()];
        MemorySegment dst = MemorySegment.ofArray(out);
        PcoDecoder file = PcoDecoder.open(MemorySegment.ofArray(header));
        long offset = 0;
        for (ChunkBytes c : chunks) {
            PcoDecoder.Chunk chunk = file.chunk(MemorySegment.ofArray(c.meta()), type);
            for (int p = 0; p < c.pages().length; p++) {
                chunk.decodePage(MemorySegment.ofArray(c.pages()[p]), c.counts()[p], dst, offset);
                offset += (long) c.counts()[p] * type.byteWidth();
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return name;
    }
}
