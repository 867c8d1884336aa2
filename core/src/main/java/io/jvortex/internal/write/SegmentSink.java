package io.jvortex.internal.write;

import io.jvortex.internal.file.SegmentSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * Appends to the file: data segments, each preceded by zero padding up to its alignment and given
 * the next sequential segment id (so the segment specs come out sorted by offset, as readers
 * require), and unpadded blobs (the footer flatbuffers).
 */
public final class SegmentSink {
    private static final int MAX_WRITE = 1 << 30;
    private static final byte[] ZEROS = new byte[64];

    private final WritableByteChannel out;
    private final List<SegmentSpec> specs = new ArrayList<>();
    private long position;

    /**
     * @param out where to write
     * @param position the channel's current position (bytes already written)
     */
    public SegmentSink(WritableByteChannel out, long position) {
        this.out = out;
        this.position = position;
    }

    /** @return the absolute position of the next byte */
    public long position() {
        return position;
    }

    /** @return the specs of the segments written so far, index = segment id */
    public List<SegmentSpec> specs() {
        return List.copyOf(specs);
    }

    /**
     * Writes one data segment.
     *
     * @param segment the segment's parts and alignment
     * @return its segment id
     */
    public int writeSegment(ArraySerializer.Segment segment) {
        if (segment.byteLength() > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("segment of " + segment.byteLength() + " bytes exceeds 4 GiB - 1");
        }
        int alignment = segment.alignment();
        long padding = -position & (alignment - 1);
        while (padding > 0) {
            int n = (int) Math.min(padding, ZEROS.length);
            write(ByteBuffer.wrap(ZEROS, 0, n));
            padding -= n;
        }
        long start = position;
        for (MemorySegment part : segment.parts()) {
            write(part);
        }
        if (position - start != segment.byteLength()) {
            throw new IllegalStateException("segment parts hold " + (position - start) + " bytes, expected "
                    + segment.byteLength());
        }
        specs.add(new SegmentSpec(start, segment.byteLength(), Integer.numberOfTrailingZeros(alignment)));
        return specs.size() - 1;
    }

    /**
     * Writes a blob without padding.
     *
     * @param blob the bytes
     * @return the blob's absolute offset
     */
    public long writeBlob(byte[] blob) {
        long start = position;
        write(ByteBuffer.wrap(blob));
        return start;
    }

    private void write(MemorySegment part) {
        boolean direct = part.heapBase().map(base -> base instanceof byte[]).orElse(true);
        int step = direct ? MAX_WRITE : 1 << 16;
        for (long at = 0; at < part.byteSize(); at += step) {
            MemorySegment piece = part.asSlice(at, Math.min(step, part.byteSize() - at));
            // heap segments over non-byte arrays cannot be viewed as a ByteBuffer: copy them
            write(direct ? piece.asByteBuffer() : ByteBuffer.wrap(piece.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
        }
    }

    private void write(ByteBuffer b) {
        try {
            while (b.hasRemaining()) {
                position += out.write(b);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
