/** 日本語: class mode (the teacher's QR code, the student's notes). */
import type { Translation } from '../types';

export const classroom: Translation['classroom'] = {
  classMode: 'クラスモード',
  classModeShort: 'クラス',
  classModeHint: 'この瞬間のQRコードを表示します。生徒は自分の端末で同じ実行を開けます',
  panel: 'クラスのリンク',
  qrLabel: (moment) => `クラスのリンクのQRコード (${moment})`,
  scan: 'スキャンすると、この瞬間を自分の端末で開けます',
  momentStep: (n, total, time) => `ステップ ${n}/${total} · ${time}`,
  momentTime: (time) => `${time} の時点`,
  momentRecap: (time) => `まとめ · ${time}`,
  follows: 'コードは「次へ」、チャプター、あなたのコマンドに合わせて変わります。',
  private: '生徒は自分の端末で答えます。どこにも送信されません。',
  copy: 'クラスのリンクをコピー',
  copied: 'クラスのリンクをコピーしました。',
  secondScreen: '2つ目の画面を開く',
  secondScreenHint: 'この画面に追従する、このブラウザーの別ウィンドウ (プロジェクター用)',
  smaller: 'コードを小さく',
  smallerHint: 'グラフに場所を戻します。コードは小さく残ります (もう一度押すと大きく)',
  close: 'クラスモードを終了',
  making: 'コードを作成中…',
  student:
    'クラスのリンクを開きました: 先生と同じ瞬間です。再生・一時停止・操作を自由に試せます。あなたの操作は誰にも届かず、答えはこの端末に残ります。',
  follower: 'この画面は、このブラウザーの別ウィンドウのクラスモードに追従しています。',
  dismiss: '閉じる',
  compare: 'クラスで比べる',
  compareHow: '先生が選択肢を読み上げたら、自分の答えのときに手を挙げましょう:',
};
