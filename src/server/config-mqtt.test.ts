import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

// The MQTT client logs the broker's address (devices/mqtt-ingest.ts): an account written into
// MQTT_URL must not go to the log with it (issue 37: nothing that lets someone take readings is logged).
describe('MQTT_URL', () => {
  it('takes a user and password written into the address out of it, as the account', () => {
    const mqtt = loadConfig({ NODE_ENV: 'test', MQTT_URL: 'mqtts://cascade:s%40cret@broker.example:8883' }).mqtt!;
    expect(mqtt).toMatchObject({ url: 'mqtts://broker.example:8883', username: 'cascade', password: 's@cret' });
  });

  it('keeps MQTT_USERNAME and MQTT_PASSWORD over those of the address, and an address without any as it is', () => {
    expect(loadConfig({ NODE_ENV: 'test', MQTT_URL: 'mqtt://a:b@h:1883', MQTT_USERNAME: 'u', MQTT_PASSWORD: 'p' }).mqtt).toMatchObject({ url: 'mqtt://h:1883', username: 'u', password: 'p' });
    expect(loadConfig({ NODE_ENV: 'test', MQTT_URL: 'mqtt://127.0.0.1:1883', MQTT_USERNAME: 'u' }).mqtt).toMatchObject({ url: 'mqtt://127.0.0.1:1883', username: 'u', password: undefined });
  });
});
