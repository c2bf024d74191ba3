import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderKit } from '@tests/helpers/kit-render';
import { StatusTag } from './status-tag';
import { SexTag } from './sex-tag';
import { CardNumber, formatCardNumber } from './card-number';
import { http } from 'msw';
import { server } from '../../../../mocks/server';
import { ok } from '../../../../mocks/envelope';
import { DictTag } from '../dict-tag/dict-tag';

const colorOf = (text: string) => screen.getByText(text).closest('[data-color]')?.getAttribute('data-color');

describe('StatusTag (spec §4 tag colours)', () => {
  it('colours bill states 0 primary, 1 warning, 2 primary, 3 success, 4 danger', () => {
    renderKit(<>{['0', '1', '2', '3', '4'].map((v) => <StatusTag key={v} kind="billState" value={v} />)}</>);
    expect(['新建', '待支付', '处理中', '已完成', '已取消'].map(colorOf)).toEqual(['primary', 'warning', 'primary', 'success', 'danger']);
  });

  it('colours bill rate, bill type and user status', () => {
    renderKit(
      <>
        <StatusTag kind="billRate" value={0} />
        <StatusTag kind="billRate" value={1} />
        <StatusTag kind="billType" value={0} />
        <StatusTag kind="billType" value={1} />
        <StatusTag kind="userStatus" value={1} />
        <StatusTag kind="userStatus" value={0} />
      </>,
    );
    expect(['普通', '加急', '支出', '收入', '正常', '禁用'].map(colorOf)).toEqual(['primary', 'warning', 'danger', 'primary', 'success', 'warning']);
  });

  it('shows English labels in English mode', () => {
    renderKit(<StatusTag kind="userStatus" value="1" />, { locale: 'en' });
    expect(screen.getByText('Normal')).toBeInTheDocument();
  });

  it('is never narrower than its label, so a table column cannot squeeze it to "REP…"', () => {
    renderKit(<StatusTag kind="userStatus" value="1" />, { locale: 'en' });
    expect(screen.getByText('Normal').closest('[data-color]')).toHaveStyle({ minWidth: 'max-content' });
  });
});

describe('SexTag', () => {
  it('shows 1 male, 0 female, 2 unknown', () => {
    renderKit(
      <>
        <SexTag value={1} />
        <SexTag value="0" />
        <SexTag value={2} />
      </>,
    );
    expect(screen.getByText('男')).toBeInTheDocument();
    expect(screen.getByText('女')).toBeInTheDocument();
    expect(screen.getByText('未知')).toBeInTheDocument();
  });
});

describe('CardNumber', () => {
  it('groups digits in fours', () => {
    expect(formatCardNumber('6222021234567890123')).toBe('6222 0212 3456 7890 123');
    expect(formatCardNumber(null)).toBe('');
    renderKit(<CardNumber value="6222 0212 3456 7890" />);
    expect(screen.getByText('6222 0212 3456 7890')).toBeInTheDocument();
  });
});

describe('DictTag', () => {
  it('shows nothing until its dictionary has loaded, then the label: never the stored code', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('*/sys/sysdictionary/dictionary', async () => {
        await answered;
        return ok([{ label: '正常', labelEn: 'Normal', value: 'normal', color: 'success', sort: 1 }]);
      }),
    );
    const { container } = renderKit(<DictTag type="device_state" value="normal" />);
    expect(container.querySelector('[aria-busy="true"]')?.textContent).toBe('');
    expect(screen.queryByText('normal')).toBeNull();
    answer();
    expect(await screen.findByText('正常')).toBeInTheDocument();
    expect(screen.queryByText('normal')).toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
