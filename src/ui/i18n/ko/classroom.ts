/** 한국어: class mode (the teacher's QR code, the student's notes). */
import type { Translation } from '../types';

export const classroom: Translation['classroom'] = {
  classMode: '수업 모드',
  classModeShort: '수업',
  classModeHint: '이 순간의 QR 코드를 보여 줍니다. 학생들은 자기 기기에서 같은 실행을 엽니다',
  panel: '수업 링크',
  qrLabel: (moment) => `수업 링크의 QR 코드 (${moment})`,
  scan: '스캔하면 이 순간을 내 기기에서 엽니다',
  momentStep: (n, total, time) => `${total}단계 중 ${n}단계 · ${time}`,
  momentTime: (time) => `${time} 시점`,
  momentRecap: (time) => `정리 · ${time}`,
  follows: '코드는 다음, 챕터, 내가 실행한 명령에 따라 바뀝니다.',
  private: '학생들은 자기 기기에서 답합니다. 아무것도 전송되지 않습니다.',
  copy: '수업 링크 복사',
  copied: '수업 링크를 복사했습니다.',
  secondScreen: '두 번째 화면 열기',
  secondScreenHint: '이 화면을 따라가는 이 브라우저의 다른 창 (프로젝터용)',
  smaller: '코드 작게',
  smallerHint: '그래프에 자리를 돌려줍니다. 코드는 작게 남습니다 (다시 누르면 크게)',
  close: '수업 모드 끝내기',
  making: '코드를 만드는 중…',
  student:
    '수업 링크를 열었습니다: 선생님과 같은 순간입니다. 재생, 일시 정지, 이것저것 해 보세요. 내가 하는 일은 아무에게도 가지 않고, 답은 이 기기에만 남습니다.',
  follower: '이 화면은 이 브라우저의 다른 창에 있는 수업 모드를 따라갑니다.',
  dismiss: '닫기',
  compare: '반 친구들과 비교하기',
  compareHow: '선생님이 선택지를 하나씩 읽으면, 내 답일 때 손을 드세요:',
};
