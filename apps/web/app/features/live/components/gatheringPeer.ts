/**
 * For the live page's component tests (happy-dom has no WebRTC): a stand-in RTCPeerConnection whose
 * ICE gathering completes 5 ms after the local description is set — so a page that sends its
 * description before gathering is complete sends "(no candidates yet)" and fails the test — and
 * whose connection state the test sets.
 */
export class GatheringPeer<D extends { type: 'offer' | 'answer'; sdp: string }> extends EventTarget {
  remote: RTCSessionDescriptionInit | null = null;
  localDescription: D | null = null;
  iceGatheringState: RTCIceGatheringState = 'gathering';
  connectionState: RTCPeerConnectionState = 'new';
  closed = false;
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remote = description;
  }
  async setLocalDescription(description: D) {
    this.localDescription = { ...description, sdp: `${description.sdp} (no candidates yet)` };
    setTimeout(() => {
      this.localDescription = { ...description, sdp: `${description.sdp} with candidates` };
      this.iceGatheringState = 'complete';
      this.dispatchEvent(new Event('icegatheringstatechange'));
    }, 5);
  }
  setConnection(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.dispatchEvent(new Event('connectionstatechange'));
  }
  close() {
    this.closed = true;
  }
}
